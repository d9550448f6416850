/// One row of a CSV text: its fields and the line it starts on.
public struct CSVRow: Hashable, Sendable {
    /// The 1-based line the row starts on (a quoted line break makes a row span lines).
    public var line: Int
    /// The fields, as written (quotes removed, not trimmed).
    public var fields: [String]

    /// Creates a row.
    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}
