import InventoryKitTesting
import Testing

@testable import ProductImport

/// ASCII category terms take a byte path; it must give the keys the general (folding) path gives.
@Suite("Category term keys")
struct CategoryTermKeyTests {
    @Test("For 20,000 generated ASCII terms, the byte path gives the folding path's key")
    func asciiKeysMatchTheFoldingPath() {
        var random = SeededRandomNumberGenerator(seed: 57)
        let pieces = [
            "en:", "fr:", "EN:", "zh:", "abcd:", "e:", "x1:", " ", "  ", "\t", "\n", "\r\n", "-", "_", ",", ":", "/",
            "Dairies", "dairy", "sandwiches", "boxes", "potatoes", "glass", "class", "bus", "tennis", "thrillers", "ies",
            "oes", "s", "ss", "ches", "zes", "xes", "shes", "sses", "Plant-based", "foods", "and", "beverages", "2",
            "100g", "A", "Z", "ab", "abc", "abcs", "\u{7F}", "\u{1}", "'", "\"", "é",
        ]
        for _ in 0..<20_000 {
            let term = (0..<Int.random(in: 0...6, using: &random))
                .map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            let ascii = String(term.unicodeScalars.filter(\.isASCII).map(Character.init))
            #expect(CategoryTerm.key(ascii) == CategoryTerm.foldedKey(ascii), "\(ascii.debugDescription)")
        }
    }

    @Test("Known keys: prefixes, case, punctuation and plurals")
    func knownKeys() {
        #expect(CategoryTerm.key("en:Dairies") == "dairy")
        #expect(CategoryTerm.key("  en:plant-based-foods-and-beverages ") == "plant based food and beverage")
        #expect(CategoryTerm.key("fr:boissons") == "boisson")
        #expect(CategoryTerm.key("abcd:glasses") == "abcd glass")
        #expect(CategoryTerm.key("Crème brûlées") == "creme brulee")
    }
}
