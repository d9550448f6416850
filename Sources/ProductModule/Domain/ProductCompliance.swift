/// Regulatory facts about a product: tags, the markets it is sold in, and restrictions.
public struct ProductCompliance: Hashable, Sendable, Codable {
    /// Regulatory tags, such as `"eu-organic"`.
    public var regulatoryTags: [String]
    /// The countries the product is marketed in (ISO 3166-1 codes).
    public var marketCountries: [String]
    /// Restrictions, such as `"alcohol"` or `"age-18"`.
    public var restrictedFlags: [String]

    /// Creates compliance facts.
    public init(regulatoryTags: [String] = [], marketCountries: [String] = [], restrictedFlags: [String] = []) {
        self.regulatoryTags = regulatoryTags
        self.marketCountries = marketCountries
        self.restrictedFlags = restrictedFlags
    }

    private enum CodingKeys: String, CodingKey {
        case regulatoryTags, marketCountries, restrictedFlags
    }

    /// Decodes compliance facts; a missing list reads as empty.
    ///
    /// - Throws: `DecodingError` when a present value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        regulatoryTags = try container.decodeIfPresent([String].self, forKey: .regulatoryTags) ?? []
        marketCountries = try container.decodeIfPresent([String].self, forKey: .marketCountries) ?? []
        restrictedFlags = try container.decodeIfPresent([String].self, forKey: .restrictedFlags) ?? []
    }
}
