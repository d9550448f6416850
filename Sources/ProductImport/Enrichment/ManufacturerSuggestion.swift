import InventoryKit

/// A known manufacturer a name may refer to, with how sure the match is.
public struct ManufacturerSuggestion: Hashable, Sendable, CustomStringConvertible {
    /// The manufacturer, with its deterministic id, canonical name, slug and aliases.
    public var manufacturer: StandardManufacturer
    /// How sure the match is: 1 for the canonical name, 0.95 for a known alias, 0.85 for a match without legal
    /// suffixes (`Inc.`, `Co., Ltd.`) or diacritics, 0.7 for a brand the manufacturer owns, 0.6 for a name that
    /// starts with the manufacturer's.
    public var confidence: Double
    /// The known name or brand that matched.
    public var matchedName: String

    /// Creates a suggestion.
    public init(manufacturer: StandardManufacturer, confidence: Double, matchedName: String) {
        self.manufacturer = manufacturer
        self.confidence = confidence
        self.matchedName = matchedName
    }

    /// `"Nintendo (0.95, via “Nintendo Co., Ltd.”)"`.
    public var description: String { "\(manufacturer.name) (\(confidence), via “\(matchedName)”)" }
}
