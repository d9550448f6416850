import Foundation

/// A small RFC 4180 CSV parser, tolerant of what real exports contain.
///
/// Handles quoted fields with escaped quotes (`""`), delimiters and line breaks inside quotes, CRLF, LF and CR
/// line ends, a UTF-8 byte order mark, blank lines (skipped), and rows with more or fewer fields than others
/// (kept as they are; ``CSVDocument`` reports them). A quote that is never closed runs to the end of the input
/// and is reported. A quote inside an unquoted field is kept as a character. Fields are not trimmed.
///
/// ```swift
/// let table = CSVParser().parse("title,size\r\n\"Milk, whole\",1 L\r\n")
/// table.rows[1].fields   // ["Milk, whole", "1 L"]
/// ```
public struct CSVParser: Hashable, Sendable {
    /// The field separator: `,` by default; `;` and tab are common too.
    public var delimiter: Unicode.Scalar

    /// Creates a parser.
    public init(delimiter: Unicode.Scalar = ",") {
        self.delimiter = delimiter
    }

    /// Parses UTF-8 bytes (invalid sequences become U+FFFD).
    public func parse(_ data: Data) -> CSVTable {
        parse(String(decoding: data, as: UTF8.self))
    }

    /// Parses a text.
    public func parse(_ text: String) -> CSVTable {
        let scalars = text.unicodeScalars
        var table = CSVTable()
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var inQuotes = false
        var fieldWasQuoted = false
        var line = 1
        var recordLine = 1
        var index = scalars.startIndex
        if index < scalars.endIndex, scalars[index] == "\u{FEFF}" { index = scalars.index(after: index) }

        func endRecord() {
            fields.append(String(field))
            let blank = fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted
            if !blank { table.rows.append(CSVRow(line: recordLine, fields: fields)) }
            fields = []
            field = String.UnicodeScalarView()
            fieldWasQuoted = false
        }

        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            if inQuotes {
                if scalar == "\"" {
                    if next < scalars.endIndex, scalars[next] == "\"" {
                        field.append("\"")
                        index = scalars.index(after: next)
                        continue
                    }
                    inQuotes = false
                } else {
                    if scalar == "\n" || (scalar == "\r" && (next == scalars.endIndex || scalars[next] != "\n")) {
                        line += 1
                    }
                    field.append(scalar)
                }
                index = next
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty && !fieldWasQuoted:
                inQuotes = true
                fieldWasQuoted = true
            case delimiter:
                fields.append(String(field))
                field = String.UnicodeScalarView()
                fieldWasQuoted = false
            case "\r", "\n":
                endRecord()
                if scalar == "\r", next < scalars.endIndex, scalars[next] == "\n" {
                    index = scalars.index(after: next)
                } else {
                    index = next
                }
                line += 1
                recordLine = line
                continue
            default:
                field.append(scalar)
            }
            index = next
        }
        if inQuotes { table.issues.append(.unterminatedQuote(line: recordLine)) }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
        return table
    }
}
