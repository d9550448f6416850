import Foundation
import InventoryKitTesting
@testable import ProductImport
import Testing

/// Ingredient texts split at the same places whether they are walked by scalar or by character.
@Suite("Ingredient lists")
struct IngredientListTests {
    /// The split walked character by character, as it was first written: the model the fast walk must match.
    private func modelSplit(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        var depth = 0
        let characters = Array(text)
        for (position, character) in characters.enumerated() {
            if character == ",", current.last?.isNumber == true, position + 1 < characters.count,
                characters[position + 1].isNumber
            {
                current.append(character)
                continue
            }
            switch character {
            case "(", "[", "{": depth += 1; current.append(character)
            case ")", "]", "}": depth = max(0, depth - 1); current.append(character)
            case "," where depth == 0, ";" where depth == 0: items.append(current); current = ""
            case "_": continue
            default: current.append(character)
            }
        }
        items.append(current)
        return items.compactMap { item in
            var trimmed = item.trimmingCharacters(in: .whitespacesAndNewlines)
            while trimmed.hasSuffix(".") { trimmed.removeLast() }
            trimmed = trimmed.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    @Test("Labels split at commas and semicolons outside brackets, keeping decimal commas")
    func labelsSplitAsWritten() {
        #expect(IngredientList.split("Sugar, _milk_ (skimmed, 35,5%), cocoa butter; salt.") == [
            "Sugar", "milk (skimmed, 35,5%)", "cocoa butter", "salt",
        ])
        #expect(IngredientList.split("farine de blé, œufs 12,5 %, sel") == ["farine de blé", "œufs 12,5 %", "sel"])
    }

    @Test("Generated texts, with combining marks, CRLF, emoji and other digits, split as the character walk splits them")
    func scalarWalkMatchesTheCharacterWalk() {
        let pieces = ["a", "é", "e\u{301}", ",", ";", " ", "(", ")", "[", "]", "{", "}", "_", ".", "1", "5", "٣", "½",
                      "\r\n", "\r", "\n", "🍫", "🇫🇷", ",\u{301}", "\u{301}", "ß", "Ω", "中", "\t", "\u{A0}"]
        var random = SeededRandomNumberGenerator(seed: 11)
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...24, using: &random)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }.joined()
            #expect(IngredientList.split(text) == modelSplit(text), "text \(Array(text.unicodeScalars))")
        }
    }

    @Test("Trimming without Foundation gives what Foundation's trimming gives, for whitespace of every kind")
    func trimmingMatchesFoundation() {
        let pieces = [" ", "\t", "\n", "\r", "\u{B}", "\u{C}", "\u{85}", "\u{A0}", "\u{2003}", "\u{3000}", "a", "é", "🍫",
                      "e\u{301}", "\u{301}", ".", "x y"]
        var random = SeededRandomNumberGenerator(seed: 5)
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }.joined()
            #expect(text.trimmedText() == text.trimmingCharacters(in: .whitespacesAndNewlines), "text \(Array(text.unicodeScalars))")
            #expect(text.trimmedText(newlines: false) == text.trimmingCharacters(in: .whitespaces))
            let sub = text.dropFirst(text.isEmpty ? 0 : 1)
            #expect(sub.trimmedText() == sub.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test("Texts that start or end beyond ASCII are trimmed to Foundation's bytes, for every kind of space and sign")
    func trimmingAtNonASCIIEndsMatchesFoundation() {
        let pieces = [" ", "\t", "\n", "\r", "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}", "\u{2028}", "\u{2029}", "\u{202F}",
                      "\u{205F}", "\u{3000}", "\u{200B}", "\u{FEFF}", "\u{180E}", "a", "é", "℮", "€", "🍫", "e\u{301}", "\u{301}",
                      "\u{200D}", "中", "x y"]
        var random = SeededRandomNumberGenerator(seed: 2_026_1129)
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }.joined()
            let sub = text.dropFirst(text.isEmpty ? 0 : 1)
            #expect(Array(text.trimmedText().utf8) == Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8),
                    "\(text.debugDescription)")
            #expect(Array(text.trimmedText(newlines: false).utf8) == Array(text.trimmingCharacters(in: .whitespaces).utf8),
                    "\(text.debugDescription)")
            #expect(Array(sub.trimmedText().utf8) == Array(sub.trimmingCharacters(in: .whitespacesAndNewlines).utf8))
        }
    }

    @Test("For 20,000 generated texts in Latin, Cyrillic, Arabic and punctuation, the byte walk gives the character walk's items")
    func byteWalkMatchesTheCharacterWalk() {
        var random = SeededRandomNumberGenerator(seed: 73)
        let pieces = [
            "sugar", "Milk", " ", "  ", "\t", "\n", ",", ", ", ";", "(", ")", "[", "]", "{", "}", "_", "_soy_", ".", "..",
            " . ", "3", "35", ",5", "5,", "²", "½", "¾", "é", "Crème", "\u{A0}", "\u{85}", "\u{7F}", "\u{1}", "%", "E330",
            "citron 35,5%", "0,5", "1,2,3", "\u{2FF}", "\u{B9}", "сахар", "молоко 3,2%", "سكر", "٣,٥", "١٢", "’", "–",
            "€", "‰", "\u{301}", "\u{483}", "\u{64B}", "\u{670}", "\u{200D}", "\u{600}", "\r", "\r\n", "🍫", "\u{2028}",
        ]
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...12, using: &random))
                .map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            #expect(IngredientList.split(text) == IngredientList.splitCharacters(text), "\(text.debugDescription)")
            #expect(IngredientList.split(text) == modelSplit(text), "\(text.debugDescription)")
        }
    }
}
