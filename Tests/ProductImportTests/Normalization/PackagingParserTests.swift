import Foundation
import ProductImport
import ProductModule
import Testing

/// Quantity texts as labels print them parse into structured packaging.
@Suite("Packaging parser")
struct PackagingParserTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var text: String
        var quantity: String
        var unit: PackagingUnit
        var count: Int
        var testDescription: String { text }
    }

    static let examples: [Example] = [
        Example(text: "730 g", quantity: "730", unit: .g, count: 1),
        Example(text: "500ml", quantity: "500", unit: .ml, count: 1),
        Example(text: "0.5l", quantity: "0.5", unit: .l, count: 1),
        Example(text: "1.75 L ℮", quantity: "1.75", unit: .l, count: 1),
        Example(text: "1,5 kg", quantity: "1.5", unit: .kg, count: 1),
        Example(text: "33 cl", quantity: "33", unit: .cl, count: 1),
        Example(text: "440 g égoutté", quantity: "440", unit: .g, count: 1),
        Example(text: "6 x 330 ml", quantity: "330", unit: .ml, count: 6),
        Example(text: "6x33cl", quantity: "33", unit: .cl, count: 6),
        Example(text: "4 × 100 g", quantity: "100", unit: .g, count: 4),
        Example(text: "330 ml x 24", quantity: "330", unit: .ml, count: 24),
        Example(text: "12 fl. oz", quantity: "12", unit: .flOz, count: 1),
        Example(text: "16 oz", quantity: "16", unit: .oz, count: 1),
        Example(text: "1pcs", quantity: "1", unit: .piece, count: 1),
        Example(text: "12 pieces", quantity: "12", unit: .piece, count: 1),
        Example(text: "1 Baguette", quantity: "1", unit: .other("Baguette"), count: 1),
        Example(text: "net wt 250 grams", quantity: "250", unit: .g, count: 1),
    ]

    @Test("quantity, unit and count are read", arguments: examples)
    func parses(_ example: Example) throws {
        let packaging = try #require(PackagingParser.parse(example.text))
        #expect(packaging.quantity == Decimal(string: example.quantity))
        #expect(packaging.unit == example.unit)
        #expect(packaging.count == example.count)
        #expect(packaging.displayText == example.text)
    }

    @Test("texts without an amount and a unit are not packaging", arguments: ["5", "", "   ", "big", "0 g", "x", "℮"])
    func rejects(_ text: String) {
        #expect(PackagingParser.parse(text) == nil)
    }
}
