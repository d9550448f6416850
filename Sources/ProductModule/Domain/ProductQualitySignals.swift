/// How complete a product's data is and whether a person should look at it.
public struct ProductQualitySignals: Hashable, Sendable, Codable {
    /// How complete the data is, 0 through 1.
    public var completenessScore: Double?
    /// Whether the product has an image of its front.
    public var hasFrontImage: Bool?
    /// Whether a person should review the data.
    public var needsManualReview: Bool

    /// Creates quality signals.
    public init(completenessScore: Double? = nil, hasFrontImage: Bool? = nil, needsManualReview: Bool = false) {
        self.completenessScore = completenessScore
        self.hasFrontImage = hasFrontImage
        self.needsManualReview = needsManualReview
    }

    private enum CodingKeys: String, CodingKey {
        case completenessScore, hasFrontImage, needsManualReview
    }

    /// Decodes signals; a missing `needsManualReview` reads as `false`.
    ///
    /// - Throws: `DecodingError` when a present value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        completenessScore = try container.decodeIfPresent(Double.self, forKey: .completenessScore)
        hasFrontImage = try container.decodeIfPresent(Bool.self, forKey: .hasFrontImage)
        needsManualReview = try container.decodeIfPresent(Bool.self, forKey: .needsManualReview) ?? false
    }
}
