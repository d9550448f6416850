/// The rows of a CSV text, as ``CSVParser`` read them.
public struct CSVTable: Hashable, Sendable {
    /// The rows, blank lines left out.
    public var rows: [CSVRow]
    /// What the parser noticed about the table as a whole; a row it could not read carries its own
    /// ``CSVRow/rejection`` instead.
    public var issues: [ImportWarning]

    /// Creates a table.
    public init(rows: [CSVRow] = [], issues: [ImportWarning] = []) {
        self.rows = rows
        self.issues = issues
    }
}
