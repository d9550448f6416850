/// The rows of a CSV text, as ``CSVParser`` read them.
public struct CSVTable: Hashable, Sendable {
    /// The rows, blank lines left out.
    public var rows: [CSVRow]
    /// What the parser noticed, such as an unterminated quote.
    public var issues: [ImportWarning]

    /// Creates a table.
    public init(rows: [CSVRow] = [], issues: [ImportWarning] = []) {
        self.rows = rows
        self.issues = issues
    }
}
