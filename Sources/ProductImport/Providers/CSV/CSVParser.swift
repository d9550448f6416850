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
        let end = scalars.count
        var table = CSVTable()
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var fieldWasQuoted = false
        var line = 1
        var recordLine = 1
        var index = 0
        if index < end, scalars[index] == "\u{FEFF}" { index += 1 }

        func endRecord() {
            fields.append(String(field))
            let blank = fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted
            if !blank { table.rows.append(CSVRow(line: recordLine, fields: fields)) }
            fields = []
            field = String.UnicodeScalarView()
            fieldWasQuoted = false
        }
        /// The index after the line break that ends the line holding `position`, or `end`.
        func nextLineStart(after position: Int) -> Int {
            var cursor = position
            while cursor < end, scalars[cursor] != "\n", scalars[cursor] != "\r" { cursor += 1 }
            guard cursor < end else { return end }
            return scalars[cursor] == "\r" && cursor + 1 < end && scalars[cursor + 1] == "\n" ? cursor + 2 : cursor + 1
        }

        while index < end {
            let scalar = scalars[index]
            switch scalar {
            case "\"" where field.isEmpty && !fieldWasQuoted:
                let openLine = line
                var cursor = index + 1
                var closed = false
                while cursor < end {
                    let inner = scalars[cursor]
                    if inner == "\"" {
                        if cursor + 1 < end, scalars[cursor + 1] == "\"" {
                            field.append("\"")
                            cursor += 2
                            continue
                        }
                        closed = true
                        cursor += 1
                        break
                    }
                    if inner == "\n" || (inner == "\r" && (cursor + 1 == end || scalars[cursor + 1] != "\n")) { line += 1 }
                    field.append(inner)
                    cursor += 1
                }
                var after = cursor
                while after < end, scalars[after] == " " || scalars[after] == "\t" { after += 1 }
                let cleanEnd = after == end || scalars[after] == delimiter || scalars[after] == "\n" || scalars[after] == "\r"
                if closed && (line == openLine || cleanEnd) {
                    fieldWasQuoted = true
                    index = cursor
                    continue
                }
                let reason = closed ? "a quoted field runs over line breaks into text after its closing quote" : "a quoted field is never closed"
                table.rows.append(CSVRow(line: recordLine, fields: [], rejection: .malformedRow(line: recordLine, reason: reason)))
                fields = []
                field = String.UnicodeScalarView()
                fieldWasQuoted = false
                index = nextLineStart(after: index)
                line = openLine + 1
                recordLine = line
                continue
            case delimiter:
                fields.append(String(field))
                field = String.UnicodeScalarView()
                fieldWasQuoted = false
            case "\r", "\n":
                endRecord()
                index = scalar == "\r" && index + 1 < end && scalars[index + 1] == "\n" ? index + 2 : index + 1
                line += 1
                recordLine = line
                continue
            default:
                field.append(scalar)
            }
            index += 1
        }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
        return table
    }
}
