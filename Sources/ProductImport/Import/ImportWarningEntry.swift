/// A warning about a record: its position in the input and what was noticed.
public struct ImportWarningEntry: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The record's 0-based position in the input.
    public var index: Int
    /// What was noticed.
    public var warning: ImportWarning

    /// Creates an entry.
    public init(index: Int, warning: ImportWarning) {
        self.index = index
        self.warning = warning
    }

    /// `"record 12: quantity \"5\" has no recognizable amount and unit"`.
    public var description: String { "record \(index): \(warning)" }
}
