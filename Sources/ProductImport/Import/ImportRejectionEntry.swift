/// A rejected record: its position in the input and the reason.
public struct ImportRejectionEntry: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The record's 0-based position in the input.
    public var index: Int
    /// Why it was rejected.
    public var reason: ImportRejection

    /// Creates an entry.
    public init(index: Int, reason: ImportRejection) {
        self.index = index
        self.reason = reason
    }

    /// `"record 12: no barcode and no title"`.
    public var description: String { "record \(index): \(reason)" }
}
