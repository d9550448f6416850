import Foundation
import InventoryModule
import Testing

@Suite("Unit conversion: exact, transitive, inverse implied, per-product overrides first")
struct UnitConverterTests {
    static let converter = UnitConverter(conversions: [
        UnitConversion(from: F.kilogram, to: F.gram, factor: 1000),
        UnitConversion(from: F.litre, to: F.millilitre, factor: 1000),
        UnitConversion(from: F.cup, to: F.millilitre, factor: 250),
        UnitConversion(from: F.pack, to: F.piece, factor: 10),
        UnitConversion(from: F.pack, to: F.piece, factor: 6, productID: F.eggs),
    ])

    static let cases: [(Decimal, UnitID, UnitID, ProductReference?, Decimal)] = [
        (1, F.kilogram, F.gram, nil, 1000),
        (F.dec("2.5"), F.kilogram, F.gram, nil, 2500),
        (1, F.gram, F.kilogram, nil, F.dec("0.001")),
        (750, F.gram, F.kilogram, nil, F.dec("0.75")),
        (1, F.litre, F.cup, nil, 4),
        (2, F.cup, F.litre, nil, F.dec("0.5")),
        (1, F.pack, F.piece, nil, 10),
        (1, F.pack, F.piece, F.milk, 10),
        (1, F.pack, F.piece, F.eggs, 6),
        (12, F.piece, F.pack, F.eggs, 2),
        (F.dec("0.1"), F.kilogram, F.kilogram, nil, F.dec("0.1")),
    ]

    @Test("conversions are exact in Decimal", arguments: cases)
    func exact(amount: Decimal, from: UnitID, to: UnitID, product: ProductReference?, expected: Decimal) throws {
        #expect(try Self.converter.convert(amount, from: from, to: to, product: product) == expected)
    }

    @Test("1 kg = 1000 g and 1000 g = 1 kg exactly, both ways")
    func kilogramToGram() throws {
        #expect(try Self.converter.factor(from: F.kilogram, to: F.gram, product: nil) == 1000)
        #expect(try Self.converter.factor(from: F.gram, to: F.kilogram, product: nil) == F.dec("0.001"))
        #expect(try Self.converter.convert(1000, from: F.gram, to: F.kilogram, product: nil) == 1)
    }

    @Test("units without a chain of conversions throw noUnitConversion naming both units and the product")
    func noPath() {
        #expect(throws: InventoryError.noUnitConversion(from: F.gram, to: F.litre, product: F.flour)) {
            try Self.converter.factor(from: F.gram, to: F.litre, product: F.flour)
        }
        #expect(!Self.converter.canConvert(from: F.piece, to: F.gram, product: nil))
    }

    @Test("a product's conversion overrides the global one for the same pair, only for that product")
    func overridePrecedence() throws {
        #expect(try Self.converter.factor(from: F.pack, to: F.piece, product: F.eggs) == 6)
        #expect(try Self.converter.factor(from: F.pack, to: F.piece, product: nil) == 10)
    }

    @Test("a conversion given in one direction wins over the inverse of the other direction")
    func explicitBeatsInverse() throws {
        let converter = UnitConverter(conversions: [
            UnitConversion(from: F.kilogram, to: F.gram, factor: 1000),
            UnitConversion(from: F.gram, to: F.kilogram, factor: F.dec("0.002")),
        ])
        #expect(try converter.factor(from: F.gram, to: F.kilogram, product: nil) == F.dec("0.002"))
        #expect(try converter.factor(from: F.kilogram, to: F.gram, product: nil) == 1000)
    }
}
