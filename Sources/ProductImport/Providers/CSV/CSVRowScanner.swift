/// Reads the rows of a CSV text one at a time from a buffer that may hold only the start of the text: the rules
/// of ``CSVParser`` in one place, driven by `CSVParser.parse(_:)` (the whole text at once) and by
/// ``CSVRecordReader`` (a file, a chunk at a time).
///
/// A row is read from its first scalar to the line break that ends it. When the buffer ends before the scanner
/// can tell how the row ends (a quoted field not yet closed, a `\r` that may precede a `\n`), it asks for more
/// text with ``Step/needsMore(resumeAfterLineOf:line:)`` unless the caller says the buffer holds the rest of the
/// text; reading the row again from its start with more text gives what one pass over the whole text gives.
struct CSVRowScanner: Sendable {
    /// What one call read.
    enum Step: Equatable {
        /// A row (`nil` for a blank line, which is skipped) and where the next one starts: its index in the
        /// buffer and its 1-based line.
        case row(CSVRow?, next: Int, nextLine: Int)
        /// The buffer ends before the row does. A caller that gives up on the row (it is too long) goes on after
        /// the line break that ends the line holding index `resumeAfterLineOf`, on line `line + 1`: the line the
        /// row's open quoted field began on, or the line being read.
        case needsMore(resumeAfterLineOf: Int, line: Int)
        /// The text has no more rows.
        case end
    }

    /// The field separator.
    var delimiter: Unicode.Scalar

    /// Reads the row that starts at `start`, on line `startLine`; `isComplete` says the buffer ends where the text
    /// does.
    func scanRow(in scalars: [Unicode.Scalar], from start: Int, line startLine: Int, isComplete: Bool) -> Step {
        let end = scalars.count
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var fieldWasQuoted = false
        var line = startLine
        var index = start

        func finished(next: Int) -> Step {
            fields.append(String(field))
            let blank = fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted
            return .row(blank ? nil : CSVRow(line: startLine, fields: fields), next: next, nextLine: line + 1)
        }

        while index < end {
            let scalar = scalars[index]
            switch scalar {
            case "\"" where field.isEmpty && !fieldWasQuoted:
                let openLine = line
                let needsMore = Step.needsMore(resumeAfterLineOf: index, line: openLine)
                var cursor = index + 1
                var closed = false
                while cursor < end {
                    let inner = scalars[cursor]
                    let last = cursor + 1 == end
                    if last, !isComplete, inner == "\"" || inner == "\r" { return needsMore }
                    if inner == "\"" {
                        if !last, scalars[cursor + 1] == "\"" {
                            field.append("\"")
                            cursor += 2
                            continue
                        }
                        closed = true
                        cursor += 1
                        break
                    }
                    if inner == "\n" || (inner == "\r" && (last || scalars[cursor + 1] != "\n")) { line += 1 }
                    field.append(inner)
                    cursor += 1
                }
                var after = cursor
                while after < end, scalars[after] == " " || scalars[after] == "\t" { after += 1 }
                if after == end, !isComplete { return closed ? .needsMore(resumeAfterLineOf: end - 1, line: line) : needsMore }
                let cleanEnd = after == end || scalars[after] == delimiter || scalars[after] == "\n" || scalars[after] == "\r"
                if closed && (line == openLine || cleanEnd) {
                    fieldWasQuoted = true
                    index = cursor
                    continue
                }
                guard let resume = Self.nextLineStart(in: scalars, after: index, isComplete: isComplete) else { return needsMore }
                let reason = closed ? "a quoted field runs over line breaks into text after its closing quote" : "a quoted field is never closed"
                let rejected = CSVRow(line: startLine, fields: [], rejection: .malformedRow(line: startLine, reason: reason))
                return .row(rejected, next: resume, nextLine: openLine + 1)
            case delimiter:
                fields.append(String(field))
                field = String.UnicodeScalarView()
                fieldWasQuoted = false
            case "\r", "\n":
                if scalar == "\r", index + 1 == end, !isComplete { return .needsMore(resumeAfterLineOf: index, line: line) }
                return finished(next: scalar == "\r" && index + 1 < end && scalars[index + 1] == "\n" ? index + 2 : index + 1)
            default:
                field.append(scalar)
            }
            index += 1
        }
        guard isComplete else { return .needsMore(resumeAfterLineOf: max(start, end - 1), line: line) }
        return !field.isEmpty || !fields.isEmpty || fieldWasQuoted ? finished(next: end) : .end
    }

    /// The index after the line break that ends the line holding `position`: `end` when the text ends first, `nil`
    /// when the buffer ends first (or ends with a `\r` that may precede a `\n`) and the text goes on.
    static func nextLineStart(in scalars: [Unicode.Scalar], after position: Int, isComplete: Bool) -> Int? {
        let end = scalars.count
        var cursor = position
        while cursor < end, scalars[cursor] != "\n", scalars[cursor] != "\r" { cursor += 1 }
        guard cursor < end else { return isComplete ? end : nil }
        guard scalars[cursor] == "\r" else { return cursor + 1 }
        guard cursor + 1 < end else { return isComplete ? end : nil }
        return scalars[cursor + 1] == "\n" ? cursor + 2 : cursor + 1
    }
}
