import Foundation
import InventoryKit
import InventoryKitTesting
import ProductModule
import Testing

/// `RecordCoding.decode` of a product reads it by hand; the product (or the refusal) must be `JSONDecoder`'s.
@Suite("Product record JSON reading")
struct ProductRecordJSONReadingTests {
    /// The hand-written reading of `data`, or `nil` where it leaves the bytes to `JSONDecoder`.
    private func handRead(_ data: Data) -> Product? {
        RecordJSONReader.read(data) { Product.read(from: &$0) }
    }

    /// Checks that `RecordCoding.decode` answers as `JSONDecoder` does, and that a hand-read product is
    /// `JSONDecoder`'s product. Returns whether the hand-written path read it.
    @discardableResult
    private func expectFoundationsAnswer(_ data: Data, _ comment: @autoclosure () -> String) -> Bool {
        let foundation = Result { try RecordCoding.decodeWithFoundation(Product.self, from: data) }
        let decoded = Result { try RecordCoding.decode(Product.self, from: data) }
        let hand = handRead(data)
        switch foundation {
        case .success(let product):
            #expect((try? decoded.get()) == product, "\(comment())")
            if let hand { #expect(hand == product, "\(comment())") }
        case .failure:
            #expect(hand == nil, "read by hand, refused by JSONDecoder: \(comment())")
            #expect(throws: (any Error).self, "\(comment())") { try decoded.get() }
        }
        return hand != nil
    }

    /// Products of every shape the reader reads itself: food and beverage details, images, packaging with odd
    /// `Decimal`s, hostile strings.
    private func readableProducts() throws -> [Product] {
        var random = SeededRandomNumberGenerator(seed: 43)
        var products = [ProductFixtures.draft()]
        products += (0..<200).map { ProductFixtures.random($0, using: &random) }
        let hostile = [
            "Zero\u{200B}width \u{202E}bidi\u{202C} \"quoted\" back\\slash / slash", "tab\there\nnewline\u{1}\u{1F}",
            "emoji 🧀 and 𝄞 beyond the BMP", String(repeating: "W", count: 100), "é vs e\u{301}", "",
        ]
        let quantities: [Decimal?] = [
            nil, 0, 1, Decimal(string: "0.1"), Decimal(string: "1234567.891"), Decimal(string: "-2.5"),
            Decimal(string: "1.2345678901234567890123456789012345678"), Decimal(string: "1e-20"), Decimal(string: "7e30"),
        ]
        let numbers: [Double?] = [nil, 0, -0.0, 0.1, 1e-7, 123456.789, .leastNonzeroMagnitude, 1.7976931348623157e308, 0.30000000000000004]
        for index in products.indices {
            let text = hostile[index % hostile.count]
            var product = products[index]
            if index % 8 == 2 {
                product = Product(
                    productID: try ProductID("0123456789012"),
                    barcode: try Barcode("0123456789012", confidence: 0.5, source: text), status: product.status,
                    createdAt: product.createdAt, updatedAt: product.updatedAt, version: index)
            }
            product.title = index % 7 == 0 ? nil : text
            product.attributes = ["inventorykit.provenance": "{\"sources\":[\"\(text)\"]}", text: "\(index)"]
            product.references = index % 2 == 0 ? ["openfoodfacts": "\(index)"] : [:]
            product.languageCodes = index % 3 == 0 ? ["en", "fr"] : []
            product.packaging = index % 4 == 0 ? nil : ProductPackaging(
                quantity: quantities[index % quantities.count] ?? nil, unit: index % 5 == 0 ? .other("sachet \(text)") : .g,
                count: index % 2 == 0 ? index : nil, displayText: text)
            let facts = NutritionFacts(
                energyKcal: numbers[index % numbers.count] ?? nil, proteinG: Double(index) / 7, fatG: 0,
                saltG: numbers[(index + 3) % numbers.count] ?? nil)
            let food = FoodDetails(
                ingredients: index % 5 == 0 ? nil : [text, "sugar"], allergens: index % 3 == 0 ? [] : nil,
                servingSize: "30 g", nutritionPer100gOrMl: index % 6 == 0 ? nil : facts, quantityText: text)
            product.productDetails = [nil, .food(food), .beverage(food), .food(nil), .beverage(FoodDetails())][index % 5]
            if index % 3 == 1 {
                product.images = [
                    ProductImage(
                        id: "img \(text)", url: URL(string: "https://images.example/\(index)/front_fr.4.400.jpg?x=1&y=é"),
                        path: index % 2 == 0 ? "a/b.jpg" : nil, kind: .nutrition, source: "openfoodfacts", width: 400,
                        height: index),
                    ProductImage(id: "plain", kind: .front),
                ]
            }
            products[index] = product
        }
        return products
    }

    @Test("Products the writer writes are read by hand, each to JSONDecoder's product")
    func writtenProductsAreReadByHandAsJSONDecoderReadsThem() throws {
        for (index, product) in try readableProducts().enumerated() {
            let data = try RecordCoding.encode(product)
            #expect(expectFoundationsAnswer(data, "product \(index)"), "product \(index) was left to JSONDecoder")
            #expect(try RecordCoding.decode(Product.self, from: data) == product)
        }
    }

    @Test("A product with values the reader leaves to JSONDecoder is decoded by JSONDecoder, whole")
    func productsWithRareValuesAreDecodedByJSONDecoder() throws {
        let products = [try ProductFixtures.milk(), try ProductFixtures.fullyPopulated()]
        var household = ProductFixtures.draft()
        household.productDetails = .household(nil)
        for (index, product) in (products + [household]).enumerated() {
            let data = try RecordCoding.encode(product)
            #expect(!expectFoundationsAnswer(data, "product \(index)"))
            #expect(try RecordCoding.decode(Product.self, from: data) == product)
        }
    }

    @Test("Reordered, spaced, escaped, duplicated, unknown, invalid and truncated JSON gets JSONDecoder's answer")
    func unusualAndInvalidJSONGetsJSONDecodersAnswer() throws {
        let product = try readableProducts()[11]
        let text = String(decoding: try RecordCoding.encode(product), as: UTF8.self)
        var variants: [String] = [
            text.replacingOccurrences(of: ",", with: " ,\n\t").replacingOccurrences(of: ":", with: " : "),
            " \(text) ", "\(text)x", "[\(text)]", "\(text)\(text)",
            text.replacingOccurrences(of: "\"version\":1", with: "\"version\":1.0"),
            text.replacingOccurrences(of: "\"version\":1", with: "\"version\":1e0"),
            text.replacingOccurrences(of: "\"version\":1", with: "\"version\":01"),
            text.replacingOccurrences(of: "\"version\":1", with: "\"version\":99999999999999999999"),
            text.replacingOccurrences(of: "\"version\":1", with: "\"version\":null"),
            text.replacingOccurrences(of: "\"version\":1", with: "\"version\":\"1\""),
            text.replacingOccurrences(of: "\"fatG\":0", with: "\"fatG\":1e400"),
            text.replacingOccurrences(of: "\"fatG\":0", with: "\"fatG\":-0"),
            text.replacingOccurrences(of: "\"fatG\":0", with: "\"fatG\":.5"),
            text.replacingOccurrences(of: "\"fatG\":0", with: "\"fatG\":2.50E-3"),
            text.replacingOccurrences(of: "\"status\":", with: "\"unknownKey\":[1,{\"a\":null}],\"status\":"),
            text.replacingOccurrences(of: "\"status\":", with: "\"title\":\"again\",\"status\":"),
            text.replacingOccurrences(of: "\"status\":\"", with: "\"status\":\"x"),
            text.replacingOccurrences(of: "\"title\":", with: "\"title\":null,\"x\":"),
            text.replacingOccurrences(of: "\"type\":\"beverage\"", with: "\"type\":\"other\""),
            text.replacingOccurrences(of: "\"productId\":\"", with: "\"productId\":\"bad"),
            text.replacingOccurrences(of: "\"title\":\"", with: "\"title\":\"\\u00e9\\ud83e\\uddc0\\/\\b\\f\\r"),
            text.replacingOccurrences(of: "\"title\":\"", with: "\"title\":\"\\ud83e lone"),
            text.replacingOccurrences(of: "\"title\":\"", with: "\"title\":\"\\udc00 lone"),
            text.replacingOccurrences(of: "\"title\":\"", with: "\"title\":\"\\x"),
            text.replacingOccurrences(of: "\"title\":\"", with: "\"title\":\"\t raw tab"),
            text.replacingOccurrences(of: "\"attributes\":{", with: "\"attributes\":{\"k\":\"1\",\"k\":\"2\","),
            text.replacingOccurrences(of: "\"createdAt\":", with: "\"createdAt\":-"),
        ]
        // The members in reverse order.
        if let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] {
            let members = try object.keys.sorted(by: >).map { key in
                "\"\(key)\":" + String(decoding: try JSONSerialization.data(withJSONObject: object[key] ?? NSNull(), options: .fragmentsAllowed), as: UTF8.self)
            }
            variants.append("{" + members.joined(separator: ",") + "}")
        }
        for (index, variant) in variants.enumerated() {
            expectFoundationsAnswer(Data(variant.utf8), "variant \(index): \(variant)")
        }
        // Bytes that are not UTF-8, inside a string and outside.
        var bytes = Array(text.utf8)
        if let quote = bytes.firstIndex(of: UInt8(ascii: "T")) {
            for invalid: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
                bytes.replaceSubrange(quote..<quote + 1, with: invalid)
                expectFoundationsAnswer(Data(bytes), "invalid UTF-8 \(invalid)")
                bytes = Array(text.utf8)
            }
        }
        // Every prefix of the payload.
        for length in 0..<bytes.count { expectFoundationsAnswer(Data(bytes[..<length]), "prefix of \(length) bytes") }
    }

    @Test("Numbers are read to JSONDecoder's Double and Decimal, digit for digit")
    func numbersAreReadAsJSONDecoderReadsThem() throws {
        var random = SeededRandomNumberGenerator(seed: 47)
        var product = ProductFixtures.draft()
        product.packaging = ProductPackaging(count: 3)
        product.productDetails = .food(FoodDetails(nutritionPer100gOrMl: NutritionFacts(fatG: 0)))
        let base = String(decoding: try RecordCoding.encode(product), as: UTF8.self)
        for _ in 0..<300 {
            let digits = String(UInt64.random(in: 0...UInt64.max, using: &random))
            let cut = Int.random(in: 1...digits.count, using: &random)
            var number = String(digits.prefix(cut))
            if number.count > 1, number.hasPrefix("0") { number.removeFirst() }
            if Bool.random(using: &random) { number += "." + digits.dropFirst(cut) + "0" }
            if Int.random(in: 0..<3, using: &random) == 0 { number += "e\(Int.random(in: -330...310, using: &random))" }
            if Bool.random(using: &random) { number = "-" + number }
            let facts = base.replacingOccurrences(of: "\"fatG\":0", with: "\"fatG\":\(number)")
            let quantity = base.replacingOccurrences(of: "\"count\":3", with: "\"count\":3,\"quantity\":\(number)")
            #expect(facts != base && quantity != base)
            expectFoundationsAnswer(Data(facts.utf8), "fatG \(number)")
            expectFoundationsAnswer(Data(quantity.utf8), "quantity \(number)")
            #expect(handRead(Data(quantity.utf8))?.packaging?.quantity == Decimal(string: number, locale: nil))
        }
    }
}
