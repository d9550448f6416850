import Foundation
import InventoryModule
import SyncWire

/// Renders command results as aligned tables or JSON.
enum Output {
    /// Prints rows as an aligned table with a header line.
    static func table(_ headers: [String], _ rows: [[String]]) {
        let rows = rows.map { $0.map(terminalSafe) }
        let widths = headers.indices.map { column in
            ([headers[column]] + rows.map { column < $0.count ? $0[column] : "" }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        print(line(headers))
        print(line(widths.map { String(repeating: "-", count: $0) }))
        for row in rows { print(line(row)) }
    }

    /// The text with every control character (C0, DEL, C1), bidirectional control and line or paragraph separator
    /// shown as a visible escape such as `\u{1B}`: product data and rejected input never reach the terminal raw,
    /// so a crafted title cannot move the cursor, rewrite the screen or the window title, or reorder what a line
    /// shows.
    static func terminalSafe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var safe = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                safe.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                safe.append(scalar)
            }
        }
        return String(safe)
    }

    /// Whether a scalar is one ``terminalSafe(_:)`` and ``json(_:)`` never print raw: C0 and C1 controls, DEL, the
    /// bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A-U+202E,
    /// U+2066-U+2069), and the line and paragraph separators U+2028 and U+2029.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Names each damaged record on standard error, one `damaged: …` line each, after the readable ones were
    /// listed; the caller then exits with ``PantryExitStatus/damagedStore``.
    static func damage(_ messages: [String]) {
        for message in messages {
            FileHandle.standardError.write(Data("damaged: \(terminalSafe(message))\n".utf8))
        }
    }

    /// Prints a command's answer as pretty, sorted JSON in the views' vocabulary (`HouseholdViewVocabulary`): an
    /// object with `version` first among its keys' concerns, ids spelled `…Id`, dates as RFC 3339 text, `[]` for an
    /// empty list. The scalars the tables escape are written as JSON escapes (`\u202e`): the same strings for a JSON
    /// reader, nothing a terminal acts on for a person reading it.
    static func json(_ value: some JSONObjectOutput) throws {
        print(try jsonText(Versioned(value: value)))
    }

    /// Prints one of the household views (`StockView`, `ShoppingListView`, …) exactly as the sync server serves it.
    static func view(_ view: some HouseholdView) throws {
        print(try jsonText(view))
    }

    /// The text ``json(_:)`` and ``view(_:)`` print.
    static func jsonText(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.keyEncodingStrategy = .custom { path in OutputKey(path.last?.stringValue ?? "") }
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        return escapingUnsafeScalars(emptyListsClosed(text))
    }

    /// The text with every empty array written `[]`: Foundation's pretty printer writes `[\n\n  ]` on some
    /// platforms. Outside strings JSON has no line feeds but its whitespace, so the pattern only meets an empty list.
    static func emptyListsClosed(_ json: String) -> String {
        json.replacing(/\[\n\s*\n\s*\]/, with: "[]")
    }

    /// JSON text with every unsafe scalar (see ``isUnsafe(_:)``) written as a `\uXXXX` escape. Outside strings JSON
    /// is ASCII without controls but its whitespace (which the encoder writes as spaces and line feeds only), so
    /// every such scalar is inside a string, where the escape means the same scalar.
    static func escapingUnsafeScalars(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { isUnsafe($0) && $0 != "\n" }) else { return json }
        var escaped = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if isUnsafe(scalar) && scalar != "\n" {
                let hex = String(scalar.value, radix: 16)
                escaped.append(contentsOf: "\\u\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)".unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// An instant as `2026-11-22 09:00` on the clocks of `zone`.
    static func localTime(_ instant: Date, in zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: instant)
    }

        /// A calendar day as `2026-11-22`.
    static func day(_ date: CalendarDay?) -> String {
        date?.description ?? "-"
    }

    /// A decimal without a trailing `.0`.
    static func amount(_ value: Decimal) -> String {
        NSDecimalNumber(decimal: value).stringValue
    }
}
