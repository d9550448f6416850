import Foundation

/// Where an extracted product's data came from and how sure the extractor was.
public struct ProductExtractionMetadata: Hashable, Sendable, Codable {
    /// When the data was extracted.
    public var extractedAt: Date?
    /// The extractor's version, such as `"imagedata-v1"`.
    public var extractorVersion: String?
    /// The extractor's confidence per product field name, 0 through 1.
    public var fieldConfidence: [String: Double]
    /// A hash of the raw text snippets the data was extracted from.
    public var rawSnippetsHash: String?

    /// Creates extraction metadata.
    public init(
        extractedAt: Date? = nil, extractorVersion: String? = nil, fieldConfidence: [String: Double] = [:],
        rawSnippetsHash: String? = nil
    ) {
        self.extractedAt = extractedAt
        self.extractorVersion = extractorVersion
        self.fieldConfidence = fieldConfidence
        self.rawSnippetsHash = rawSnippetsHash
    }

    private enum CodingKeys: String, CodingKey {
        case extractedAt, extractorVersion, fieldConfidence, rawSnippetsHash
    }

    /// Decodes metadata; a missing `fieldConfidence` reads as empty.
    ///
    /// - Throws: `DecodingError` when a present value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        extractedAt = try container.decodeIfPresent(Date.self, forKey: .extractedAt)
        extractorVersion = try container.decodeIfPresent(String.self, forKey: .extractorVersion)
        fieldConfidence = try container.decodeIfPresent([String: Double].self, forKey: .fieldConfidence) ?? [:]
        rawSnippetsHash = try container.decodeIfPresent(String.self, forKey: .rawSnippetsHash)
    }
}
