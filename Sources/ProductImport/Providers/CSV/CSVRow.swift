/// One row of a CSV text: its fields and the line it starts on.
public struct CSVRow: Hashable, Sendable {
    /// The 1-based line the row starts on (a quoted line break makes a row span lines).
    public var line: Int
    /// The fields, as written (quotes removed, not trimmed); empty for a row that could not be read.
    public var fields: [String]
    /// Why the row could not be read, such as ``ImportRejection/malformedRow(line:reason:)`` for a quoted field
    /// never closed; `nil` for a row that was read.
    public var rejection: ImportRejection?

    /// Creates a row.
    public init(line: Int, fields: [String], rejection: ImportRejection? = nil) {
        self.line = line
        self.fields = fields
        self.rejection = rejection
    }
}
