import InventoryKitTesting
import Testing

@testable import ProductModule

/// Units printed in ASCII are read on their bytes; the result must be the general path's.
@Suite("Packaging unit parsing")
struct PackagingUnitParsingTests {
    @Test("For 20,000 generated ASCII unit texts, the byte path gives the general path's unit")
    func asciiPathMatchesTheGeneralPath() {
        var random = SeededRandomNumberGenerator(seed: 91)
        let pieces = [
            "g", "G", "gr", "kg", "KG", "ml", "mL", "cl", "l", "L", "lt", "fl", "oz", "fl oz", "fl. oz", "lb", "lbs",
            "pcs", "pieces", "grams", "Litres", " ", "  ", "\t", "\n", "\r", "\u{B}", "\u{C}", ".", "..", "x", "Baguette",
            "1", "-", "/", "\u{1}", "\u{7F}",
        ]
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...4, using: &random))
                .map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            #expect(PackagingUnit.parsingASCII(text) == PackagingUnit.parsingAnyText(text), "\(text.debugDescription)")
            #expect(PackagingUnit(parsing: text) == PackagingUnit.parsingAnyText(text))
        }
    }

    @Test("Text beyond ASCII takes the general path: the script small l, accents, Unicode spaces")
    func otherTextTakesTheGeneralPath() {
        #expect(PackagingUnit.parsingASCII("m\u{2113}") == nil)
        #expect(PackagingUnit(parsing: "m\u{2113}") == .ml)
        #expect(PackagingUnit(parsing: "\u{A0}kg\u{A0}") == .kg)
        #expect(PackagingUnit(parsing: " Grammes ") == .g)
        #expect(PackagingUnit(parsing: " sachet ") == .other("sachet"))
    }
}
