import Foundation
import InventoryKit
import ProductImport
import ProductModule
import Testing

/// Broken, hostile and odd Open Food Facts input never crashes: records import with what is valid plus warnings,
/// or are rejected with a typed reason.
@Suite("Open Food Facts normalizer on malformed input")
struct OpenFoodFactsMalformedInputTests {
    func normalize(_ json: String, limits: ImportLimits = .standard) -> Result<ImportedProduct, ImportRejection> {
        OpenFoodFactsNormalizer().normalize(Data(json.utf8), context: ImportFixtures.context(limits: limits))
    }

    func rejectionOf(_ json: String) -> ImportRejection? {
        if case .failure(let rejection) = normalize(json) { return rejection }
        return nil
    }

    struct RejectionCase: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        var matches: @Sendable (ImportRejection) -> Bool
        var testDescription: String { name }
    }

    static let rejections: [RejectionCase] = [
        RejectionCase(name: "garbage", json: "{not json") { if case .unparseable = $0 { true } else { false } },
        RejectionCase(name: "truncated document", json: #"{"code": "3017620422003", "product": {"product_name": "Nut"#) {
            if case .unparseable = $0 { true } else { false }
        },
        RejectionCase(name: "empty input", json: "") { if case .unparseable = $0 { true } else { false } },
        RejectionCase(name: "a JSON array", json: "[1, 2, 3]") { $0 == .unexpectedShape("an array, not a JSON object") },
        RejectionCase(name: "a JSON string", json: #""3017620422003""#) { if case .unexpectedShape = $0 { true } else { false } },
        RejectionCase(name: "v0/v2 not found", json: #"{"code": "3017620422003", "status": 0, "status_verbose": "product not found"}"#) {
            $0 == .productNotFound(code: "3017620422003")
        },
        RejectionCase(name: "v3 failure", json: #"{"code": "3017620422003", "errors": [{"message": "not found"}], "status": "failure"}"#) {
            $0 == .productNotFound(code: "3017620422003")
        },
        RejectionCase(name: "a search result", json: #"{"count": 2, "products": [{}, {}]}"#) {
            if case .unexpectedShape = $0 { true } else { false }
        },
        RejectionCase(name: "no barcode and no title", json: "{}") { $0 == .missingIdentity(barcode: nil) },
        RejectionCase(name: "a bad barcode and no title", json: #"{"code": "123", "brands": "Acme"}"#) {
            $0 == .missingIdentity(barcode: "123")
        },
        RejectionCase(name: "a bad check digit and an empty title", json: #"{"code": "4006381333932", "product_name": "  "}"#) {
            $0 == .missingIdentity(barcode: "4006381333932")
        },
        RejectionCase(name: "nesting 200 levels deep", json: String(repeating: "[", count: 200) + String(repeating: "]", count: 200)) {
            if case .unparseable(let reason) = $0 { reason.contains("nesting") } else { false }
        },
    ]

    @Test("unreadable, empty, not-found and identity-less records are rejected with a typed reason", arguments: rejections)
    func rejectsWithAReason(_ example: RejectionCase) throws {
        let rejection = try #require(rejectionOf(example.json))
        #expect(example.matches(rejection), "\(rejection)")
    }

    @Test("a record larger than the limit is rejected before it is parsed")
    func tooLargeIsRejected() throws {
        let data = try ImportFixtures.openFoodFacts("54491472")
        let result = OpenFoodFactsNormalizer().normalize(
            data, context: ImportFixtures.context(limits: ImportLimits(maximumRecordBytes: 100_000)))
        #expect(throws: ImportRejection.recordTooLarge(bytes: data.count, limit: 100_000)) { try result.get() }
    }

    @Test("a record with only a barcode imports, warning that it has no title")
    func barcodeOnlyRecordImports() throws {
        let imported = try normalize(#"{"code": "3017620422003"}"#).get()
        #expect(imported.product.productID.rawValue == "3017620422003")
        #expect(imported.product.title == nil)
        #expect(imported.warnings == [.missingTitle])
    }

    @Test("wrong types become warnings while the valid fields import")
    func wrongTypesBecomeWarnings() throws {
        let json = #"""
        {"code": 3017620422003, "product_name": ["Nutella"], "brands": 42, "generic_name": {"fr": "pâte"},
         "categories_tags": "en:dairies", "rev": "7", "last_modified_t": "1700000000",
         "allergens_tags": ["en:milk", 3, null, {"x": 1}],
         "nutriments": {"fat_100g": "abc", "sugars_100g": true, "salt_100g": "0,5", "energy-kj_100g": "1000",
                        "proteins_100g": -2, "sodium_100g": "0.2"},
         "quantity": 400, "languages_codes": ["fr"], "no_nutrition_data": "maybe"}
        """#
        let imported = try normalize(json).get()
        let product = imported.product
        #expect(product.productID.rawValue == "3017620422003")
        #expect(product.title == nil)
        #expect(product.brand == "42")
        #expect(product.category == ProductCategory(main: "food", sub: "dairy"))
        #expect(product.size == "400")
        let food = try #require(product.productDetails?.foodDetails)
        #expect(food.allergens == ["milk", "3"])
        let facts = try #require(food.nutritionPer100gOrMl)
        #expect(facts.fatG == nil)
        #expect(facts.sugarsG == nil)
        #expect(facts.saltG == 0.5)
        #expect(facts.energyKcal == 239.0)
        #expect(facts.proteinG == nil)
        #expect(facts.sodiumMg == 200)
        #expect(product.provenance?.fields[.brand]?.revision == "7")
        #expect(product.provenance?.fields[.brand]?.revisedAt == Date(timeIntervalSince1970: 1_700_000_000))
        let expected: [ImportWarning] = [
            .coercedValue(field: "code", from: "a number"),
            .invalidValue(field: "product_name", reason: "expected a text, found an array"),
            .coercedValue(field: "brands", from: "a number"),
            .invalidValue(field: "generic_name", reason: "expected a text, found an object"),
            .invalidValue(field: "nutriments.fat_100g", reason: "\"abc\" is not a number"),
            .invalidValue(field: "nutriments.sugars_100g", reason: "expected a number, found a boolean"),
            .invalidValue(field: "allergens_tags", reason: "2 elements are not texts"),
            .invalidValue(field: "languages_codes", reason: "expected an object, found an array"),
            .invalidValue(field: "no_nutrition_data", reason: "\"maybe\" is not a yes or no"),
            .invalidValue(field: "nutriments.proteins_100g", reason: "-2.0 is negative"),
            .missingTitle,
        ]
        for warning in expected {
            #expect(imported.warnings.contains(warning), "missing warning: \(warning)")
        }
    }

    @Test("an invalid barcode with a title imports under a deterministic id made from brand and title, marked synthetic")
    func invalidBarcodeWithTitle() throws {
        let json = #"{"code": "12345", "product_name": "Mystery Cola", "brands": "Acme"}"#
        let first = try normalize(json).get()
        let second = try normalize(json).get()
        #expect(first.product.productID == second.product.productID)
        #expect(first.product.productID
            == .generated(InventoryIDGenerator.generate(for: .product, semanticName: "Acme/Mystery Cola")))
        #expect(first.product.barcode == nil)
        #expect(first.product.provenance?.synthetic == true)
        #expect(first.warnings.contains { if case .invalidBarcode("12345", _) = $0 { true } else { false } })
    }

    @Test("huge strings are cut to the catalog's limit with a warning, and the product stays valid")
    func hugeStringsAreCut() throws {
        let name = String(repeating: "Ä", count: 50_000)
        let ingredients = (0..<5_000).map { "ingredient \($0)" }.joined(separator: ", ")
        let json = #"{"code": "3017620422003", "product_name": "\#(name)", "ingredients_text": "\#(ingredients)"}"#
        let imported = try normalize(json).get()
        #expect(imported.product.title?.count == Product.maximumTextLength)
        #expect(imported.warnings.contains(.truncated(field: "product_name", length: 50_000, limit: Product.maximumTextLength)))
        let items = try #require(imported.product.productDetails?.foodDetails?.ingredients)
        #expect(items.count == ImportLimits.standard.maximumListCount)
        #expect(imported.warnings.contains { if case .truncated(field: "ingredients_text", _, _) = $0 { true } else { false } })
        try imported.product.validate()
    }

    @Test("HTML entities and tags are decoded out of texts")
    func htmlEntitiesAreDecoded() throws {
        let json = #"""
        {"code": "3017620422003", "product_name": "Ben &amp; Jerry&#39;s <b>Cookie</b>&nbsp;Dough &eacute;t&#xE9;",
         "ingredients_text": "cream, <span class=\"allergen\">milk</span>, sugar &lt;2%"}
        """#
        let product = try normalize(json).get().product
        #expect(product.title == "Ben & Jerry's Cookie Dough été")
        #expect(product.productDetails?.foodDetails?.ingredients == ["cream", "milk", "sugar <2%"])
    }

    @Test("decimal commas, numbers as strings and strings as numbers are read")
    func messyNumbers() throws {
        let json = #"""
        {"code": "3017620422003", "product_name": "Spread", "quantity": "1,5 kg",
         "nutriments": {"energy-kcal_100g": "539", "fat_100g": "30,9", "sodium_100g": 0.0428}}
        """#
        let product = try normalize(json).get().product
        #expect(product.packaging?.quantity == Decimal(string: "1.5"))
        #expect(product.packaging?.unit == .kg)
        let facts = product.productDetails?.foodDetails?.nutritionPer100gOrMl
        #expect(facts?.energyKcal == 539)
        #expect(facts?.fatG == 30.9)
        #expect(facts?.sodiumMg == 42.8)
    }

    @Test("a number too large for a Double is a warning, not a broken record")
    func hugeNumber() throws {
        let imported = try normalize(#"{"code": "3017620422003", "product_name": "N", "nutriments": {"fat_100g": 1e400, "sugars_100g": 5}}"#).get()
        #expect(imported.product.productDetails?.foodDetails?.nutritionPer100gOrMl == NutritionFacts(sugarsG: 5))
        #expect(imported.warnings.contains(.invalidValue(field: "nutriments.fat_100g", reason: "\"1e400\" is not a number")))
    }

    @Test("an envelope's code fills a product object without one, and bare objects import too")
    func envelopeShapes() throws {
        let enveloped = try normalize(#"{"code": "3017620422003", "status": 1, "product": {"product_name": "Nutella"}}"#).get()
        #expect(enveloped.product.productID.rawValue == "3017620422003")
        let bare = try normalize(#"{"code": "3017620422003", "product_name": "Nutella", "product": {}}"#).get()
        #expect(bare.product.title == "Nutella")
        let v3 = try normalize(#"{"code": "3017620422003", "status": "success", "result": {}, "product": {"product_name": "Nutella"}}"#).get()
        #expect(v3.product.title == "Nutella")
    }

    @Test("image URLs that are not http(s) are left out with a warning")
    func badImageURLs() throws {
        let json = #"{"code": "3017620422003", "product_name": "N", "image_front_url": "javascript:alert(1)", "image_nutrition_url": "https://x.example/n.jpg"}"#
        let imported = try normalize(json).get()
        #expect(imported.product.images.map(\.kind) == [.nutrition])
        #expect(imported.warnings.contains { if case .invalidValue(field: "image_front_url", _) = $0 { true } else { false } })
    }

    @Test("JSON Lines split into one record per non-blank line")
    func jsonLinesSplit() {
        let data = Data("{\"a\":1}\r\n\n  \n{\"b\":2}\n{\"c\":3}".utf8)
        let records = OpenFoodFactsNormalizer.records(fromJSONLines: data)
        #expect(records.map { String(decoding: $0, as: UTF8.self) } == [#"{"a":1}"#, #"{"b":2}"#, #"{"c":3}"#])
    }

    @Test("random bytes never crash the normalizer", arguments: 0..<20)
    func randomBytesNeverCrash(seed: Int) {
        var generator = SplitMix(seed: UInt64(seed))
        let fixture = (try? ImportFixtures.openFoodFacts("3029330003533")) ?? Data()
        var bytes = Array(fixture.prefix(4_000))
        for _ in 0..<40 {
            let index = Int(generator.next() % UInt64(bytes.count))
            bytes[index] = UInt8(truncatingIfNeeded: generator.next())
        }
        _ = normalize(String(decoding: bytes, as: UTF8.self))
    }

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
