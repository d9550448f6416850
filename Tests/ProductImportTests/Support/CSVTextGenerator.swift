import Foundation
import InventoryKitTesting

/// Seeded CSV feeds for the streaming reader's tests: a header that names known columns, then rows with every
/// shape a real export has — quoted fields holding delimiters, quotes and line breaks, empty and blank lines,
/// ragged rows, stray and unclosed quotes, accents and emoji — under any delimiter and line end, with or without
/// a byte order mark, in UTF-8 or UTF-16. The same seed gives the same feeds.
struct CSVTextGenerator {
    var random: SeededRandomNumberGenerator

    init(seed: UInt64) {
        random = SeededRandomNumberGenerator(seed: seed)
    }

    mutating func int(_ range: Range<Int>) -> Int {
        Int.random(in: range, using: &random)
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[int(0..<choices.count)]
    }

    /// One feed's bytes.
    mutating func feed() -> [UInt8] {
        let delimiter = pick([",", ";", "\t"])
        let lineEnd = pick(["\n", "\r\n", "\r"])
        let columns = Array(["barcode", "title", "brand", " Size ", "category", "sku"].shuffled(using: &random).prefix(int(1..<6)))
        var text = int(0..<5) == 0 ? lineEnd : ""
        text += columns.joined(separator: delimiter) + lineEnd
        for _ in 0..<int(0..<12) {
            switch int(0..<10) {
            case 0: text += lineEnd                                    // a blank line
            case 1: text += "\"unclosed" + delimiter + "x" + lineEnd  // a quote never closed, or closed far below
            default:
                let count = int(0..<8) == 0 ? int(0..<(columns.count + 3)) : columns.count
                text += (0..<max(1, count)).map { _ in field(delimiter: delimiter, lineEnd: lineEnd) }.joined(separator: delimiter)
                text += lineEnd
            }
        }
        if int(0..<3) == 0, text.hasSuffix(lineEnd) { text.removeLast(lineEnd.count) }
        return encode(text)
    }

    /// A field: plain, empty, quoted with delimiters, doubled quotes and line breaks, or with a stray quote.
    mutating func field(delimiter: String, lineEnd: String) -> String {
        let words = ["4006381333931", "Milk", "Crème fraîche", "🍮 Pudding", "1 L", "", " spaced ", "Acme", "a\"b"]
        switch int(0..<6) {
        case 0, 1, 2: return pick(words)
        case 3: return "\"" + pick(words).replacingOccurrences(of: "\"", with: "\"\"") + delimiter + pick(words) + "\""
        case 4: return "\"" + pick(words) + pick(["\n", "\r\n", "\r", lineEnd]) + "\"\"quoted\"\" " + pick(words) + "\"" + pick(["", " ", "\t"])
        default: return "\"" + pick(words) + "\"" + pick(["tail", "", lineEnd + "next"])
        }
    }

    /// The text's bytes: UTF-8, UTF-8 with a byte order mark, or UTF-16 LE or BE with one.
    mutating func encode(_ text: String) -> [UInt8] {
        switch int(0..<6) {
        case 0: return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        case 1: return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case 2: return [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        default: return Array(text.utf8)
        }
    }
}
