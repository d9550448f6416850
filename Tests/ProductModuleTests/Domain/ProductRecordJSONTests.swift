import Foundation
import InventoryKit
import InventoryKitTesting
import ProductModule
import Testing

/// `RecordCoding.encode` of a product writes it by hand; the bytes must be `JSONEncoder`'s.
@Suite("Product record JSON")
struct ProductRecordJSONTests {
    @Test("Fixture and generated products write JSONEncoder's bytes, with every kind of details and image")
    func handWrittenProductsMatchJSONEncoder() throws {
        var random = SeededRandomNumberGenerator(seed: 41)
        var products = [try ProductFixtures.milk(), try ProductFixtures.fullyPopulated(), ProductFixtures.draft()]
        products += (0..<200).map { ProductFixtures.random($0, using: &random) }
        let details: [ProductDetails?] = [
            nil, .food(nil), .beverage(FoodDetails()), .household(nil), .personalCare(nil), .other(nil),
            .food(FoodDetails(
                ingredients: ["sugar", "milk \"whole\""], allergens: [], servingSize: "30 g",
                nutritionPer100gOrMl: NutritionFacts(
                    energyKcal: 539, proteinG: 6.3, fatG: 30.9, saturatedFatG: 10.6, carbsG: 57.5, sugarsG: 56.3,
                    fiberG: nil, saltG: 0.107, sodiumMg: 42.8),
                quantityText: "400 g", numberOfItemsText: "1")),
        ]
        for (index, base) in products.enumerated() {
            var product = base
            product.productDetails = details[index % details.count] ?? product.productDetails
            if index % 3 == 0 {
                product.images.append(ProductImage(
                    id: "img \(index)", url: URL(string: "https://images.example/\(index)/front_fr.4.400.jpg?x=1&y=é"),
                    kind: .nutrition))
                product.attributes["Z-key \(index)"] = "value / \u{1}"
                product.attributes["a-key"] = "é"
                product.category = ProductCategory(main: "dairy", sub: index % 2 == 0 ? "cheese" : nil)
            }
            let quantities: [Decimal?] = [
                nil, 0, 1, Decimal(string: "0.1"), Decimal(string: "1234567.891"), Decimal(string: "-2.5"),
                Decimal(string: "1.2345678901234567890123456789012345678"), Decimal(string: "1e-20"), Decimal(string: "7e30"),
            ]
            if index % 4 == 1 {
                let units: [PackagingUnit?] = [nil, .g, .flOz, .other("sachet \"x\"")]
                product.packaging = ProductPackaging(
                    quantity: quantities[index % quantities.count] ?? nil, unit: units[index % units.count],
                    count: index % 2 == 0 ? index : nil, displayText: index % 3 == 0 ? "2 × 200 g" : nil)
                var manufacturer = StandardManufacturer(named: "Maker \(index) / Ünïcode")
                manufacturer.metadata = ["b": "2", "A": "1"]
                manufacturer.summary = index % 2 == 0 ? "summary\n" : nil
                manufacturer.aliases = ["x", "y"]
                product.manufacturer = manufacturer
            }
            #expect((product as Any) is any RecordJSONWritable, "RecordCoding must take the hand-written path")
            let handWritten = try RecordCoding.encode(product)
            let foundation = try RecordCoding.encodeWithFoundation(product)
            #expect(handWritten == foundation, "product \(index): \(String(decoding: handWritten, as: UTF8.self))")
            #expect(try RecordCoding.decode(Product.self, from: handWritten) == product)
        }
    }

    @Test("A number that is not finite is refused on the hand-written path too")
    func nonFiniteNumbersAreRefused() throws {
        var product = try ProductFixtures.milk()
        product.productDetails = .food(FoodDetails(nutritionPer100gOrMl: NutritionFacts(energyKcal: .infinity)))
        #expect(throws: EncodingError.self) { try RecordCoding.encode(product) }
    }
}
