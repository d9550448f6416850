import Foundation

/// A CSV feed: its header (the first row) and one ``CSVRecord`` per data row.
///
/// Read a feed's bytes with `init(reading:mapping:delimiter:)` (bytes): it decodes the text (UTF-8, or
/// UTF-16 with a byte order mark), detects the delimiter from the header and checks that the header names a
/// column that identifies products, throwing a ``CSVReadError`` for the whole file when it cannot.
/// `init(parsing:parser:)` reads with a given delimiter and checks nothing. A document holds every record at once;
/// ``CSVRecordReader`` reads the same records from a file of any size, a chunk at a time.
///
/// ```swift
/// let feed = try CSVDocument(reading: csvBytes)
/// let report = try await importService.importRecords(feed.records, from: CSVProductNormalizer())
/// ```
public struct CSVDocument: Hashable, Sendable {
    /// The header names, trimmed.
    public var header: [String]
    /// The data rows; a row that could not be read is a record with ``CSVRecord/rejection`` set.
    public var records: [CSVRecord]

    /// Parses a text with a header row, without checking the header.
    public init(parsing text: String, parser: CSVParser = CSVParser()) {
        self.init(table: parser.parse(text))
    }

    /// Parses bytes with a header row, without checking the header; see `CSVParser.parse(_:)` (bytes) for the
    /// encodings.
    public init(parsing data: Data, parser: CSVParser = CSVParser()) {
        self.init(table: parser.parse(data))
    }

    /// Reads a feed's bytes: decodes them (``CSVParser/decode(_:)``), then reads the text as
    /// `init(reading:mapping:delimiter:)` (text) does.
    ///
    /// - Throws: ``CSVReadError/undecodableText(encoding:byteOffset:)`` or ``CSVReadError/noKnownColumn(header:)``.
    public init(reading data: Data, mapping: CSVColumnMapping = .standard, delimiter: Unicode.Scalar? = nil) throws(CSVReadError) {
        try self.init(reading: try CSVParser.decode(data), mapping: mapping, delimiter: delimiter)
    }

    /// Reads a feed's text: detects the delimiter (`,`, `;` or tab: the one under which the header line names
    /// the most of `mapping`'s columns) unless one is given, and checks the header.
    ///
    /// - Throws: ``CSVReadError/noKnownColumn(header:)`` when the header names no column that identifies a
    ///   product (barcode, title or SKU), so no row could import.
    public init(reading text: String, mapping: CSVColumnMapping = .standard, delimiter: Unicode.Scalar? = nil) throws(CSVReadError) {
        let detected = delimiter == nil ? Self.detectDelimiter(in: text, mapping: mapping) : nil
        let document = CSVDocument(table: CSVParser(delimiter: delimiter ?? detected ?? ",").parse(text))
        guard detected != nil || Self.score(document.header, mapping: mapping) > 0 else {
            throw .noKnownColumn(header: document.header)
        }
        self = document
    }

    /// Reads a parsed table: the first row is the header; rows with another field count are marked ragged.
    public init(table: CSVTable) {
        guard let first = table.rows.first else {
            header = []
            records = []
            return
        }
        let header = Self.header(of: first)
        self.header = header
        var records = table.rows.dropFirst().map { Self.record(of: $0, header: header) }
        if !table.issues.isEmpty, !records.isEmpty { records[records.count - 1].issues += table.issues }
        self.records = records
    }

    /// The header names of a feed's first row, trimmed.
    static func header(of row: CSVRow) -> [String] {
        row.fields.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// The record of a data row, marked ragged when its field count is not the header's.
    static func record(of row: CSVRow, header: [String]) -> CSVRecord {
        var issues: [ImportWarning] = []
        if row.rejection == nil, row.fields.count != header.count {
            issues.append(.raggedRow(line: row.line, expected: header.count, found: row.fields.count))
        }
        return CSVRecord(line: row.line, header: header, fields: row.fields, issues: issues, rejection: row.rejection)
    }

    /// The delimiter under which the first non-blank line names the most identifying columns, then columns;
    /// `nil` when none names an identifying column.
    static func detectDelimiter(in text: String, mapping: CSVColumnMapping) -> Unicode.Scalar? {
        guard let line = text.split(maxSplits: 1, omittingEmptySubsequences: true, whereSeparator: \.isNewline).first else {
            return nil
        }
        return detectDelimiter(inLine: String(line), mapping: mapping)
    }

    /// The delimiter under which a header line names the most identifying columns, then columns; `nil` when none
    /// names an identifying column.
    static func detectDelimiter(inLine line: String, mapping: CSVColumnMapping) -> Unicode.Scalar? {
        let present = line.unicodeScalars
        var best: (delimiter: Unicode.Scalar, score: Int)?
        for delimiter: Unicode.Scalar in [",", ";", "\t"] where delimiter == "," || present.contains(delimiter) {
            let header = CSVParser(delimiter: delimiter).parse(line).rows.first?.fields ?? []
            let score = score(header, mapping: mapping)
            if score > (best?.score ?? 0) { best = (delimiter, score) }
        }
        return best?.delimiter
    }

    /// 0 when a header names no identifying column; else more for more identifying, then other, columns.
    static func score(_ header: [String], mapping: CSVColumnMapping) -> Int {
        let columns = mapping.resolve(header: header)
        let identifying = [CSVProductField.barcode, .title, .sku].filter { columns[$0] != nil }.count
        return identifying == 0 ? 0 : identifying * 1_000 + columns.count
    }
}
