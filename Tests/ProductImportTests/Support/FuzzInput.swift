import Foundation
import InventoryKitTesting

/// Seeded input mutation for the fuzz tests: the same seed gives the same inputs, so a failure reproduces.
struct FuzzInput {
    /// What mutations insert: quotes, delimiters, line breaks, control characters, escapes, JSON punctuation,
    /// huge and non-finite numbers, broken UTF-8 and a UTF-16 byte order mark.
    static let tokens: [[UInt8]] = [
        "\"", ",", ";", "\t", "\n", "\r", "\r\n", "\0", "\u{1B}", "\u{7F}", "\\", "\\u0000", "\\ud800", "\\\"", "{", "}",
        "[", "]", ":", "null", "true", "1e308", "-1e308", "1e999", "-0", "NaN", "Infinity", "99999999999999999999999",
        "0,5", "\"\"", ",\"", "\",", "\u{FEFF}", "é", "🍮", "\u{202E}", "en:", "fr:",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xFF, 0xFE], [0x80, 0x80]]

    var random: SeededRandomNumberGenerator

    init(seed: UInt64) {
        random = SeededRandomNumberGenerator(seed: seed)
    }

    mutating func int(_ range: Range<Int>) -> Int {
        Int.random(in: range, using: &random)
    }

    /// One to four mutations of `bytes`: flips, deletions, insertions of ``tokens``, truncation, duplication.
    mutating func mutate(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        for _ in 0..<int(1..<5) {
            let position = int(0..<(bytes.count + 1))
            switch int(0..<8) {
            case 0 where position < bytes.count: bytes[position] ^= UInt8(1 << int(0..<8))
            case 1 where position < bytes.count: bytes[position] = UInt8(int(0..<256))
            case 2 where position < bytes.count: bytes.removeSubrange(position..<min(bytes.count, position + int(1..<40)))
            case 3: bytes = Array(bytes.prefix(position))
            case 4:
                let start = int(0..<(bytes.count + 1))
                let chunk = bytes[start..<min(bytes.count, start + int(1..<200))]
                bytes.insert(contentsOf: chunk, at: position)
            default: bytes.insert(contentsOf: Self.tokens[int(0..<Self.tokens.count)], at: position)
            }
        }
        return bytes
    }
}
