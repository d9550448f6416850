import Foundation
import InventoryKitTesting
@testable import ProductImport
import Testing

/// The import's "same but for case" check answers ASCII texts itself and must agree with Foundation's
/// `caseInsensitiveCompare` on every pair, ASCII or not.
@Suite("Same text but for case")
struct CaseInsensitiveEqualityTests {
    private func foundation(_ left: String, _ right: String) -> Bool {
        left.caseInsensitiveCompare(right) == .orderedSame
    }

    @Test("Every pair of ASCII characters is the same exactly when Foundation says so")
    func everyASCIIPairAgrees() {
        var disagreements: [String] = []
        for left in 0..<128 {
            for right in 0..<128 {
                let leftText = "a" + String(UnicodeScalar(UInt8(left))) + "Z"
                let rightText = "A" + String(UnicodeScalar(UInt8(right))) + "z"
                if leftText.isSameIgnoringCase(as: rightText) != foundation(leftText, rightText) {
                    disagreements.append("\(left) \(right)")
                }
            }
        }
        #expect(disagreements.isEmpty, "pairs of byte values: \(disagreements.prefix(20))")
    }

    @Test("Texts that differ only beyond ASCII are answered as Foundation answers them")
    func unicodeFallsBackToFoundation() {
        let pairs: [(String, String)] = [
            ("Crème brûlée", "CRÈME BRÛLÉE"), ("straße", "STRASSE"), ("Cre\u{300}me", "Crème"), ("ΣΊΣΥΦΟΣ", "σίσυφος"),
            ("Kelvin \u{212A}", "kelvin k"), ("İstanbul", "istanbul"), ("🍫 Choco", "🍫 choco"), ("Ölmühle", "olmuhle"),
        ]
        for (left, right) in pairs {
            #expect(left.isSameIgnoringCase(as: right) == foundation(left, right), "\(left) / \(right)")
            #expect(right.isSameIgnoringCase(as: left) == foundation(right, left), "\(right) / \(left)")
        }
    }

    @Test("For 20,000 generated pairs of names, ASCII, accented and mixed, the answer is Foundation's")
    func generatedPairsAgree() {
        var random = SeededRandomNumberGenerator(seed: 2_026_1127)
        let pieces = [
            "milk", "MILK", "Milk", " ", "-", "'", "&", "0", "9", "é", "É", "e\u{301}", "ß", "SS", "ss", "ı", "I", "i", "İ",
            "\u{212A}", "k", "K", "σ", "ς", "Σ", "🍫", "\u{A0}", "@", "[", "`", "{", "~", "\u{7F}", "Ǆ", "ǅ", "ǆ", "ﬁ", "FI",
        ]
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let left = (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            var right = left
            if Int.random(in: 0..<3, using: &random) == 0 {
                right = (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            } else {
                right = Bool.random(using: &random) ? left.uppercased() : left.lowercased()
            }
            if left.isSameIgnoringCase(as: right) != foundation(left, right) {
                disagreements.append("\(left.debugDescription) / \(right.debugDescription)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) pairs, among them \(disagreements.prefix(10))")
    }

    @Test("Texts alike up to a printable ASCII character that differs are told apart as Foundation tells them, whatever came before")
    func firstDifferenceAfterUnicodeAgrees() {
        var random = SeededRandomNumberGenerator(seed: 2_026_1129)
        // Prefixes beyond ASCII, then pieces that may follow a differing letter: combining marks, ignorable and
        // joining characters, controls, ligatures, letters that fold to ASCII.
        let prefixes = ["", "Crème ", "é", "e\u{301}", "🍫", "Straße ", "ΣΊΣ", "\u{A0}", "İ", "\u{212A}", "ﬁ", "a\u{AD}"]
        let pieces = [
            "a", "A", "b", "c", "C", "k", "K", "s", "S", "i", "I", "0", "9", " ", "-", "\u{301}", "\u{327}", "\u{AD}",
            "\u{200B}", "\u{200D}", "\u{34F}", "\0", "\u{1B}", "\u{7F}", "ß", "ﬁ", "\u{212A}", "\u{212B}", "ı", "é", "🍫", ".", ",", "'", "(",
            "<", "=", "\u{338}", "~", "`",
        ]
        func tail() -> String {
            (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
        }
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let prefix = prefixes.randomElement(using: &random) ?? ""
            let left = prefix + tail()
            let right = (Bool.random(using: &random) ? prefix.uppercased() : prefix) + tail()
            for (first, second) in [(left, right), (right, left)] where first.isSameIgnoringCase(as: second) != foundation(first, second) {
                disagreements.append("\(first.debugDescription) / \(second.debugDescription)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) pairs, among them \(disagreements.prefix(10))")
    }
}
