import Foundation
import InventoryKit
import ProductModule
import Testing

/// One way to break a valid product, and the error validate() must report.
struct ValidationCase: Sendable, CustomTestStringConvertible {
    let name: String
    let expected: ProductValidationError
    let breakProduct: @Sendable (inout Product) throws -> Void

    var testDescription: String { name }

    init(_ name: String, _ expected: ProductValidationError, _ breakProduct: @escaping @Sendable (inout Product) throws -> Void) {
        self.name = name
        self.expected = expected
        self.breakProduct = breakProduct
    }
}

@Suite("Product.validate(): every rule names the field it protects")
struct ProductValidationTests {
    static let long = String(repeating: "x", count: 10_001)

    static let cases: [ValidationCase] = [
        ValidationCase("version below 1", .invalidField(.version, reason: "must be at least 1, found 0")) {
            $0.version = 0
        },
        ValidationCase("updatedAt before createdAt", .invalidField(.updatedAt, reason: "is before createdAt")) {
            $0.updatedAt = $0.createdAt.addingTimeInterval(-1)
        },
        ValidationCase("a NaN createdAt", .invalidField(.createdAt, reason: "is not a finite date")) {
            $0.createdAt = Date(timeIntervalSinceReferenceDate: .nan)
        },
        ValidationCase("an infinite updatedAt", .invalidField(.updatedAt, reason: "is not a finite date")) {
            $0.updatedAt = Date(timeIntervalSinceReferenceDate: .infinity)
        },
        ValidationCase(
            "a title of one letter under 65,000 combining marks",
            .invalidField(
                .title,
                reason: "made of a character of 65001 scalars (at most 32: a letter buried under combining marks)")
        ) {
            $0.title = "a" + String(repeating: "\u{0301}", count: 65_000)
        },
        ValidationCase("a huge title", .invalidField(.title, reason: "longer than 10000 characters (10001)")) {
            $0.title = long
        },
        ValidationCase("a huge brand", .invalidField(.brand, reason: "longer than 10000 characters (10001)")) {
            $0.brand = long
        },
        ValidationCase(
            "a huge storage instruction",
            .invalidField(.storageInstructions, reason: "longer than 10000 characters (10001)")
        ) { $0.storageInstructions = long },
        ValidationCase(
            "a huge category sub id", .invalidField(.category, reason: "sub is longer than 10000 characters (10001)")
        ) { $0.category?.sub = long },
        ValidationCase(
            "a huge search keyword",
            .invalidField(.searchKeywords, reason: "an entry is longer than 10000 characters (10001)")
        ) { $0.searchKeywords = ["ok", long] },
        ValidationCase(
            "a huge attribute value", .invalidField(.attributes, reason: "a value is longer than 10000 characters (10001)")
        ) { $0.attributes["notes"] = long },
        ValidationCase(
            "a huge attribute key", .invalidField(.attributes, reason: "a key is longer than 10000 characters (10001)")
        ) { $0.attributes[long] = "x" },
        ValidationCase(
            "a huge ingredient",
            .invalidField(.productDetails, reason: "an entry of ingredients is longer than 10000 characters (10001)")
        ) { $0.productDetails = .food(FoodDetails(ingredients: [long])) },
        ValidationCase(
            "a huge collectible platform",
            .invalidField(.productDetails, reason: "platform is longer than 10000 characters (10001)")
        ) { $0.productDetails = .collectible(CollectibleDetails(platform: long)) },
        ValidationCase(
            "a huge manufacturer name",
            .invalidField(.manufacturer, reason: "name is longer than 10000 characters (10001)")
        ) { $0.manufacturer = StandardManufacturer(id: UUID(), name: long) },
        ValidationCase(
            "a huge reference", .invalidField(.references, reason: "a value is longer than 10000 characters (10001)")
        ) { $0.references = ["catalogue": long] },
        ValidationCase("an empty image id", .invalidField(.images, reason: "an image has an empty id")) {
            $0.images = [ProductImage(id: "")]
        },
        ValidationCase(
            "duplicate image ids", .invalidField(.images, reason: "image id \"front\" appears more than once")
        ) { $0.images = [ProductImage(id: "front", kind: .front), ProductImage(id: "front", kind: .back)] },
        ValidationCase(
            "a duplicate image id among more than 16 images",
            .invalidField(.images, reason: "image id \"image 3\" appears more than once")
        ) { $0.images = (0..<20).map { ProductImage(id: "image \($0)") } + [ProductImage(id: "image 3")] },
        ValidationCase("an image of zero width", .invalidField(.images, reason: "image \"front\" has width 0")) {
            $0.images = [ProductImage(id: "front", width: 0, height: 10)]
        },
        ValidationCase(
            "a NaN nutrition value",
            .invalidField(
                .productDetails, reason: "nutritionPer100gOrMl.fatG must be a finite number not below 0, found nan")
        ) { $0.productDetails = .food(FoodDetails(nutritionPer100gOrMl: NutritionFacts(fatG: .nan))) },
        ValidationCase(
            "an infinite beverage nutrition value",
            .invalidField(
                .productDetails, reason: "nutritionPer100gOrMl.sugarsG must be a finite number not below 0, found inf")
        ) { $0.productDetails = .beverage(FoodDetails(nutritionPer100gOrMl: NutritionFacts(sugarsG: .infinity))) },
        ValidationCase(
            "a negative nutrition value",
            .invalidField(
                .productDetails, reason: "nutritionPer100gOrMl.saltG must be a finite number not below 0, found -0.5")
        ) { $0.productDetails = .food(FoodDetails(nutritionPer100gOrMl: NutritionFacts(saltG: -0.5))) },
        ValidationCase(
            "a zero packaging quantity", .invalidField(.packaging, reason: "quantity must be greater than 0, found 0")
        ) { $0.packaging = ProductPackaging(quantity: 0, unit: .g) },
        ValidationCase(
            "a negative packaging quantity",
            .invalidField(.packaging, reason: "quantity must be greater than 0, found -1")
        ) { $0.packaging = ProductPackaging(quantity: -1, unit: .g) },
        ValidationCase("a zero packaging count", .invalidField(.packaging, reason: "count must be at least 1, found 0")) {
            $0.packaging = ProductPackaging(count: 0)
        },
        ValidationCase(
            "a related barcode that is not a GTIN",
            .invalidField(
                .relatedBarcodes,
                reason: "\"123\" is not a valid GTIN: invalid GTIN length: 3 digits (expected 8, 12, 13 or 14)")
        ) { $0.relatedBarcodes = ["4006381333931", "123"] },
        ValidationCase(
            "a related barcode with a wrong check digit",
            .invalidField(
                .relatedBarcodes,
                reason: "\"4006381333932\" is not a valid GTIN: invalid GTIN check digit: expected 1, found 2")
        ) { $0.relatedBarcodes = ["4006381333932"] },
        ValidationCase(
            "a related barcode in UPC-A spelling",
            .invalidField(.relatedBarcodes, reason: "\"036000291452\" is not in canonical form (0036000291452)")
        ) { $0.relatedBarcodes = ["036000291452"] },
        ValidationCase(
            "a barcode confidence above 1", .invalidField(.barcode, reason: "confidence must be within 0...1, found 1.5")
        ) { $0.barcode?.confidence = 1.5 },
        ValidationCase(
            "a NaN field confidence",
            .invalidField(.extractionMetadata, reason: "fieldConfidence[title] must be within 0...1, found nan")
        ) { $0.extractionMetadata = ProductExtractionMetadata(fieldConfidence: ["title": .nan]) },
        ValidationCase(
            "a negative completeness score",
            .invalidField(.qualitySignals, reason: "completenessScore must be within 0...1, found -0.1")
        ) { $0.qualitySignals = ProductQualitySignals(completenessScore: -0.1) },
    ]

    @Test("a broken rule is reported with its field", arguments: cases)
    func reportsBrokenRule(_ validationCase: ValidationCase) throws {
        var product = try ProductFixtures.milk()
        try validationCase.breakProduct(&product)
        #expect(throws: validationCase.expected) { try product.validate() }
    }

    @Test("text of exactly 10,000 characters is accepted, however many bytes it takes", arguments: ["x", "é", "👩‍👩‍👧"])
    func limitIsInCharacters(_ character: String) throws {
        var product = try ProductFixtures.milk()
        product.title = String(repeating: character, count: 10_000)
        product.searchKeywords = [String(repeating: character, count: 10_000)]
        try product.validate()
    }

    @Test("updatedAt equal to createdAt and valid related barcodes pass")
    func boundaryValuesPass() throws {
        var product = try ProductFixtures.milk()
        product.updatedAt = product.createdAt
        product.relatedBarcodes = ["4006381333931", "96385074", "10036000291459"]
        product.packaging = ProductPackaging(quantity: Decimal(string: "0.001"), unit: .kg, count: 1)
        product.productDetails = .food(FoodDetails(nutritionPer100gOrMl: NutritionFacts(energyKcal: 0, fatG: 0)))
        try product.validate()
    }

    @Test("new input with an empty or blank title is refused; stored data with one still validates", arguments: ["", "   ", " \u{00A0}\t\u{200B} "])
    func blankTitles(_ title: String) throws {
        var product = try ProductFixtures.milk()
        product.title = title
        try product.validate()
        #expect(throws: ProductValidationError.invalidField(.title, reason: title.isEmpty ? "is empty" : "is blank (only white space)")) {
            try product.validateAsNewInput()
        }
    }
}
