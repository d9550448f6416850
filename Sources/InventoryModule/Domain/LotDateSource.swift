/// Where a lot's date came from.
public enum LotDateSource: String, Hashable, Sendable, Codable, CaseIterable {
    /// Typed (or picked) by a person.
    case typed
    /// Read from the label's text by a scanner (text recognition).
    case scannedLabel
    /// Estimated by a due-date rule (product default, after opening, freezing, thawing).
    case ruleEstimated
}
