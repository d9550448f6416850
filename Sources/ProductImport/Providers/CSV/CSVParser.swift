import Foundation

/// A small RFC 4180 CSV parser, tolerant of what real exports contain.
///
/// Handles quoted fields with escaped quotes (`""`), delimiters and line breaks inside quotes, CRLF, LF and CR
/// line ends, a byte order mark, blank lines (skipped), and rows with more or fewer fields than others (kept as
/// they are; ``CSVDocument`` reports them). A quote inside an unquoted field is kept as a character. Fields are
/// not trimmed.
///
/// A row whose quoted field is never closed — it would run to the end of the input — or whose quoted field runs
/// over line breaks into text after its closing quote (the closing quote was really the opening quote of a later
/// field) is not swallowed into one field: it becomes a row with ``CSVRow/rejection`` set to
/// ``ImportRejection/malformedRow(line:reason:)``, and reading resumes on the line after the one the quote
/// opened on, so the rows after it are read.
///
/// ```swift
/// let table = CSVParser().parse("title,size\r\n\"Milk, whole\",1 L\r\n")
/// table.rows[1].fields   // ["Milk, whole", "1 L"]
/// ```
public struct CSVParser: Hashable, Sendable {
    /// The field separator: `,` by default; `;` and tab are common too (``CSVDocument``'s reading initializers
    /// detect it).
    public var delimiter: Unicode.Scalar

    /// Creates a parser.
    public init(delimiter: Unicode.Scalar = ",") {
        self.delimiter = delimiter
    }

    /// Parses bytes in the encoding their byte order mark names (UTF-8, UTF-16 LE or BE; UTF-8 without one).
    /// Invalid sequences become U+FFFD; ``decode(_:)`` rejects them instead.
    public func parse(_ data: Data) -> CSVTable {
        parse(Self.lenientText(data))
    }

    /// Parses a text.
    public func parse(_ text: String) -> CSVTable {
        let scalars = Array(text.unicodeScalars)
        let scanner = CSVRowScanner(delimiter: delimiter)
        var table = CSVTable()
        var index = scalars.first == "\u{FEFF}" ? 1 : 0
        var line = 1
        while case .row(let row, let next, let nextLine) = scanner.scanRow(in: scalars, from: index, line: line, isComplete: true) {
            if let row { table.rows.append(row) }
            index = next
            line = nextLine
        }
        return table
    }
}
