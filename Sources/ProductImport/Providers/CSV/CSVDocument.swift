import Foundation

/// A CSV feed: its header (the first row) and one ``CSVRecord`` per data row.
///
/// ```swift
/// let feed = CSVDocument(parsing: csvText)
/// let report = try await importService.importRecords(feed.records, from: CSVProductNormalizer())
/// ```
public struct CSVDocument: Hashable, Sendable {
    /// The header names, trimmed.
    public var header: [String]
    /// The data rows.
    public var records: [CSVRecord]

    /// Parses a text with a header row.
    public init(parsing text: String, parser: CSVParser = CSVParser()) {
        self.init(table: parser.parse(text))
    }

    /// Parses UTF-8 bytes with a header row.
    public init(parsing data: Data, parser: CSVParser = CSVParser()) {
        self.init(table: parser.parse(data))
    }

    /// Reads a parsed table: the first row is the header; rows with another field count are marked ragged.
    public init(table: CSVTable) {
        guard let first = table.rows.first else {
            header = []
            records = []
            return
        }
        let header = first.fields.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        self.header = header
        var records = table.rows.dropFirst().map { row in
            var issues: [ImportWarning] = []
            if row.fields.count != header.count {
                issues.append(.raggedRow(line: row.line, expected: header.count, found: row.fields.count))
            }
            return CSVRecord(line: row.line, header: header, fields: row.fields, issues: issues)
        }
        if !table.issues.isEmpty, !records.isEmpty { records[records.count - 1].issues += table.issues }
        self.records = records
    }
}
