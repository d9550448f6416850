/// Details of a product that fits no known category: free key–value pairs and a guessed category.
public struct UnknownDetails: Hashable, Sendable, Codable {
    /// Label facts by name.
    public var keyValue: [String: String]
    /// The category an extractor guessed, when any.
    public var inferredCategory: String?

    /// Creates unknown details.
    public init(keyValue: [String: String] = [:], inferredCategory: String? = nil) {
        self.keyValue = keyValue
        self.inferredCategory = inferredCategory
    }

    private enum CodingKeys: String, CodingKey {
        case keyValue, inferredCategory
    }

    /// Decodes details; a missing `keyValue` reads as empty.
    ///
    /// - Throws: `DecodingError` when a present value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        keyValue = try container.decodeIfPresent([String: String].self, forKey: .keyValue) ?? [:]
        inferredCategory = try container.decodeIfPresent(String.self, forKey: .inferredCategory)
    }
}
