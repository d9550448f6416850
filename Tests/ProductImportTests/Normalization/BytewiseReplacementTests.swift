import Foundation
import InventoryKitTesting
import Testing

@testable import ProductImport

/// The import replaces `\r\n` in blocks and `℮` in quantities on the text's bytes when every match stands between
/// ASCII bytes; the result must be Foundation's `replacingOccurrences(of:with:)`, byte for byte, on every text.
@Suite("Bytewise replacement")
struct BytewiseReplacementTests {
    /// Both replacements of `text`: ours and Foundation's, as bytes.
    private func both(_ text: String) -> [(ours: [UInt8], foundation: [UInt8])] {
        [
            (Array(text.replacingOccurrencesBytewise(of: "\r\n", with: "\n").utf8),
             Array(text.replacingOccurrences(of: "\r\n", with: "\n").utf8)),
            (Array(text.replacingOccurrencesBytewise(of: "\u{212E}", with: " ").utf8),
             Array(text.replacingOccurrences(of: "\u{212E}", with: " ").utf8)),
        ]
    }

    @Test("Labels' texts are replaced as Foundation replaces them")
    func examplesAgree() {
        let texts = [
            "", "\r\n", "\r\n\r\n", "\r\r\n\n", "Sugar,\r\nmilk", "crème\r\nlait", "a\r\n\u{301}b", "500 g ℮", "℮", "℮℮",
            "1,5 kg℮", "℮\u{301}", "a\u{200D}℮", "🍫℮🍫", "\r", "\n\r", "e\u{301}\r\n", "\u{E2}\u{84}", "Zucker\r\n",
        ]
        for text in texts {
            for pair in both(text) { #expect(pair.ours == pair.foundation, "\(text.debugDescription)") }
        }
        #expect("500 g ℮".replacingOccurrencesBytewise(of: "\u{212E}", with: " ") == "500 g  ")
        #expect("a\r\nb\r\n".replacingOccurrencesBytewise(of: "\r\n", with: "\n") == "a\nb\n")
    }

    @Test("For 20,000 generated texts of line breaks, signs, marks, joiners and letters, the bytes are Foundation's")
    func generatedTextsAgree() {
        var random = SeededRandomNumberGenerator(seed: 2_026_1129)
        let pieces = [
            "\r", "\n", "\r\n", "℮", "a", "Z", " ", ".", "é", "e", "\u{301}", "\u{327}", "\u{200D}", "\u{200B}", "\u{FE0F}",
            "\u{34F}", "🍫", "👨", "ℯ", "\u{2028}", "\u{85}", "\0", "ß", "한", "\u{1100}", "\u{1161}",
        ]
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            for pair in both(text) where pair.ours != pair.foundation {
                disagreements.append(text.debugDescription)
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) texts, among them \(disagreements.prefix(10))")
    }
}
