import Foundation
import InventoryKit
import ProductImport
import ProductModule
import Testing

/// Every real Open Food Facts record in `Fixtures/` normalizes to the values read from the file.
@Suite("Open Food Facts normalizer on the real fixture records")
struct OpenFoodFactsFixtureTests {
    /// What one fixture must normalize to (values read from the JSON files).
    struct Expectation: Sendable, CustomTestStringConvertible {
        var code: String
        var title: String?
        var brand: String?
        var category: ProductCategory?
        var quantity: Decimal?
        var unit: PackagingUnit?
        var energyKcal: Double?
        var fatG: Double?
        var sodiumMg: Double?
        var beverage: Bool
        var revision: String
        var lastModified: TimeInterval

        var testDescription: String { code }
    }

    static let expectations: [Expectation] = [
        Expectation(
            code: "0402004014227", title: nil, brand: nil, category: nil,
            quantity: nil, unit: nil, energyKcal: nil, fatG: nil, sodiumMg: nil, beverage: false, revision: "5",
            lastModified: 1_744_106_784),
        Expectation(
            code: "0737628064502", title: "Thai peanut noodle kit includes stir-fry rice noodles & thai peanut seasoning",
            brand: "Thai Kitchen", category: ProductCategory(main: "food", sub: "pasta"), quantity: 155, unit: .g,
            energyKcal: 385, fatG: 7.69, sodiumMg: 288, beverage: false, revision: "19", lastModified: 1_587_581_231),
        Expectation(
            code: "3029330003533", title: "Crousti Moelleux Complet Sans Sucre Ajouté 730gr", brand: "Jacquet",
            category: ProductCategory(main: "food", sub: "bread"), quantity: 730, unit: .g, energyKcal: 246, fatG: 3.4,
            sodiumMg: 440, beverage: false, revision: "121", lastModified: 1_742_669_182),
        Expectation(
            code: "3045320094008", title: "Strawberry Jam", brand: "Bonne Maman",
            category: ProductCategory(main: "food", sub: "spreads"), quantity: 370, unit: .g, energyKcal: 241, fatG: 0.1,
            sodiumMg: nil, beverage: false, revision: "42", lastModified: 1_718_988_643),
        Expectation(
            code: "3088543506255", title: "sirop d agave", brand: "Sunny via",
            category: ProductCategory(main: "food", sub: "sweeteners"), quantity: 350, unit: .g, energyKcal: nil,
            fatG: nil, sodiumMg: nil, beverage: false, revision: "179", lastModified: 1_624_095_817),
        Expectation(
            code: "3168930007432", title: "Chips barbecue", brand: "Lay's",
            category: ProductCategory(main: "food", sub: "snacks"), quantity: 130, unit: .g, energyKcal: 532, fatG: 32,
            sodiumMg: 520, beverage: false, revision: "81", lastModified: 1_593_288_098),
        Expectation(
            code: "3228857000852", title: "Pain 100% mie nature PT", brand: "Harrys",
            category: ProductCategory(main: "food", sub: "bread"), quantity: 500, unit: .g, energyKcal: 268, fatG: 4.3,
            sodiumMg: 452, beverage: false, revision: "148", lastModified: 1_614_429_683),
        Expectation(
            code: "3366321052331", title: "St Hubert bio doux pour tartine et cuisine", brand: "St Hubert",
            category: ProductCategory(main: "food", sub: "fats-oils"), quantity: 245, unit: .g, energyKcal: 470,
            fatG: 52, sodiumMg: 180, beverage: false, revision: "118", lastModified: 1_618_943_050),
        Expectation(
            code: "3523230028431", title: "Bûche Sainte-Maure", brand: "Soignon",
            category: ProductCategory(main: "food", sub: "cheese"), quantity: 200, unit: .g, energyKcal: 291, fatG: 23,
            sodiumMg: 600, beverage: false, revision: "134", lastModified: 1_621_836_510),
        Expectation(
            code: "3596710456727", title: "Haricots Verts Extra-fins", brand: "Auchan",
            category: ProductCategory(main: "food", sub: "legumes"), quantity: 440, unit: .g, energyKcal: 24, fatG: 0.5,
            sodiumMg: 340, beverage: false, revision: "16", lastModified: 1_571_069_750),
        Expectation(
            code: "5000112611861", title: "PET 1.75L COCA", brand: "Coca-Cola",
            category: ProductCategory(main: "beverage", sub: "soda"), quantity: Decimal(string: "1.75"), unit: .l,
            energyKcal: 42, fatG: 0, sodiumMg: 0, beverage: true, revision: "167", lastModified: 1_744_468_540),
        Expectation(
            code: "5059977000105", title: "Chicken ceasar bacon baguette", brand: "Pret",
            category: ProductCategory(main: "food", sub: "prepared-meals"), quantity: 1, unit: .other("Baguette"),
            energyKcal: 273, fatG: 12.5, sodiumMg: 456, beverage: false, revision: "17", lastModified: 1_719_148_683),
        Expectation(
            code: "5449000011527", title: "Fanta Orange", brand: "Fanta",
            category: ProductCategory(main: "beverage", sub: "soda"), quantity: 33, unit: .cl, energyKcal: 27.0,
            fatG: 0, sodiumMg: 0, beverage: true, revision: "67", lastModified: 1_499_589_465),
        Expectation(
            code: "5449000036872", title: "Hawai Tropical", brand: "Hawai",
            category: ProductCategory(main: "beverage", sub: "soda"), quantity: 1, unit: .l, energyKcal: 41, fatG: 0,
            sodiumMg: 10.4, beverage: true, revision: "51", lastModified: 1_738_844_459),
        Expectation(
            code: "5449000044808", title: "Tonic water", brand: "Schweppes",
            category: ProductCategory(main: "beverage", sub: "soda"), quantity: 1, unit: .piece, energyKcal: 20.3,
            fatG: 0, sodiumMg: 5.2, beverage: true, revision: "40", lastModified: 1_747_634_054),
        Expectation(
            code: "54491472", title: "Coca Cola", brand: "Coca-Cola", category: ProductCategory(main: "beverage", sub: "soda"),
            quantity: Decimal(string: "0.5"), unit: .l, energyKcal: 42, fatG: 0, sodiumMg: 0, beverage: true,
            revision: "509", lastModified: 1_749_870_275),
        Expectation(
            code: "57045443", title: "Fanta Orange", brand: nil, category: nil, quantity: 500, unit: .ml,
            energyKcal: nil, fatG: nil, sodiumMg: nil, beverage: false, revision: "2", lastModified: 1_430_565_807),
        Expectation(
            code: "8901764012273", title: "Coca Cola Coke Brand 750ml", brand: "Coca-Cola",
            category: ProductCategory(main: "beverage", sub: "soda"), quantity: nil, unit: nil, energyKcal: 44, fatG: 0,
            sodiumMg: nil, beverage: true, revision: "46", lastModified: 1_740_219_721),
    ]

    @Test("the table covers every fixture file")
    func everyFixtureIsCovered() {
        #expect(Self.expectations.map(\.code).sorted() == ImportFixtures.openFoodFactsCodes.sorted())
    }

    @Test("each fixture normalizes to the title, brand, category, quantity and nutrition in its file", arguments: expectations)
    func fixtureNormalizesToItsValues(_ expected: Expectation) throws {
        let product = try ImportFixtures.normalizedOpenFoodFacts(expected.code).product
        #expect(product.productID.rawValue == expected.code)
        #expect(product.barcode?.value == expected.code)
        #expect(product.title == expected.title)
        #expect(product.brand == expected.brand)
        #expect(product.category == expected.category)
        #expect(product.packaging?.quantity == expected.quantity)
        #expect(product.packaging?.unit == expected.unit)
        let nutrition = product.productDetails?.foodDetails?.nutritionPer100gOrMl
        #expect(nutrition?.energyKcal == expected.energyKcal)
        #expect(nutrition?.fatG == expected.fatG)
        #expect(nutrition?.sodiumMg == expected.sodiumMg)
        #expect(product.productDetails?.typeName == (expected.beverage ? "beverage" : "food"))
        #expect(product.references["openfoodfacts"] == expected.code)
        #expect(product.source == .barcodeLookup)
        #expect(product.version == 1)
        #expect(product.createdAt == ImportFixtures.now)
        try product.validate()
    }

    @Test("each fixture carries Open Food Facts provenance with the record's rev and last_modified_t", arguments: expectations)
    func fixtureCarriesProvenance(_ expected: Expectation) throws {
        let product = try ImportFixtures.normalizedOpenFoodFacts(expected.code).product
        let provenance = try #require(try product.readProvenance())
        #expect(provenance.primaryProvider == .openFoodFacts)
        #expect(provenance.contributors == [.openFoodFacts])
        #expect(provenance.synthetic == false)
        for field in ProvenanceField.allKnown where field.isSet(in: product) {
            let entry = try #require(provenance.fields[field], "no provenance for \(field)")
            #expect(entry.provider == .openFoodFacts)
            #expect(entry.revision == expected.revision)
            #expect(entry.revisedAt == Date(timeIntervalSince1970: expected.lastModified))
            #expect(entry.recordedAt == ImportFixtures.now)
        }
        #expect(provenance.fields.keys.allSatisfy { $0.isSet(in: product) })
    }

    @Test("a UPC-A record keeps its 13-digit code and an EAN-8 record its 8 digits")
    func barcodeSymbologies() throws {
        let upc = try ImportFixtures.normalizedOpenFoodFacts("0737628064502").product
        #expect(upc.barcode?.value == "0737628064502")
        let ean8 = try ImportFixtures.normalizedOpenFoodFacts("54491472").product
        #expect(ean8.barcode?.symbology == .ean8)
        #expect(ean8.productID.rawValue == "54491472")
    }

    @Test("an energy given only in kJ is converted to kcal, with a warning")
    func kilojoulesOnlyAreConverted() throws {
        let fanta = try ImportFixtures.normalizedOpenFoodFacts("5449000011527")
        // energy_100g is the string "113" (kJ): 113 / 4.184 = 27.0 kcal.
        #expect(fanta.product.productDetails?.foodDetails?.nutritionPer100gOrMl?.energyKcal == 27.0)
        #expect(fanta.warnings.contains(.substitutedValue(field: "nutriments.energy-kcal_100g", source: "energy in kJ ÷ 4.184")))
        // 29 nutriment values are strings ("0"): read as numbers, without a warning.
        #expect(!fanta.warnings.contains { if case .invalidValue = $0 { true } else { false } })
        #expect(fanta.product.productDetails?.foodDetails?.nutritionPer100gOrMl?.saltG == 0)
    }

    @Test("a record with an empty product_name takes the name of the language that fills most of the label")
    func emptyNameFallsBackToALanguage() throws {
        let tonic = try ImportFixtures.normalizedOpenFoodFacts("5449000044808")
        #expect(tonic.product.title == "Tonic water")
        #expect(tonic.product.searchKeywords == ["tonik"])
        #expect(tonic.warnings.contains(.substitutedValue(field: "product_name", source: "product_name_fr")))
    }

    @Test("multilingual names become search keywords and languages start with the label's language")
    func multilingualNames() throws {
        let coke = try ImportFixtures.normalizedOpenFoodFacts("54491472").product
        #expect(coke.languageCodes.first == "bg")
        #expect(coke.languageCodes.count == 13)
        #expect(coke.searchKeywords.contains("Coca Cola Original"))
        #expect(coke.searchKeywords.contains("Original Taste"))
        #expect(!coke.searchKeywords.contains("Coca Cola"))
    }

    @Test("allergens, ingredients, serving size, images and labels are read")
    func labelFacts() throws {
        let baguette = try ImportFixtures.normalizedOpenFoodFacts("5059977000105").product
        #expect(baguette.productDetails?.foodDetails?.allergens == ["chicken", "eggs", "fish", "gluten", "milk", "sesame-seeds"])
        let bread = try ImportFixtures.normalizedOpenFoodFacts("3029330003533").product
        let food = try #require(bread.productDetails?.foodDetails)
        #expect(food.servingSize == "60.8 g (1 tranche)")
        #expect(food.ingredients?.first == "Farine complète de blé (63%)")
        #expect(food.ingredients?.last == "extrait d'acérola")
        #expect(bread.certifications.contains("no-added-sugar"))
        #expect(bread.certifications.contains("fr:origine-france"))
        #expect(bread.images.map(\.kind) == [.front, .ingredients, .nutrition])
        #expect(bread.images.first?.url?.absoluteString
            == "https://images.openfoodfacts.org/images/products/302/933/000/3533/front_fr.116.400.jpg")
        let pain = try ImportFixtures.normalizedOpenFoodFacts("3228857000852").product
        #expect(pain.images.map(\.kind) == [.front, .ingredients, .nutrition, .packaging])
    }

    @Test("brand_owner becomes a manufacturer with a deterministic id; brands keeps the first brand")
    func brandOwnerBecomesManufacturer() throws {
        let noodles = try ImportFixtures.normalizedOpenFoodFacts("0737628064502").product
        #expect(noodles.brand == "Thai Kitchen")
        #expect(noodles.manufacturer?.name == "Simply Asia Foods, Inc.")
        // The kit's semantic manufacturer key folds the legal form: "Simply Asia Foods, Inc." is "simply asia foods".
        #expect(noodles.manufacturer?.id == InventoryIDGenerator.generate(for: .manufacturer, semanticName: "Simply Asia Foods"))
        #expect(noodles.manufacturer?.id == NamedEntityKind.manufacturer.id(for: NamedEntityKind.manufacturer.key(for: "SIMPLY ASIA FOODS")))
        #expect(noodles.manufacturer?.slug == "simply-asia-foods")
    }

    @Test("a garbage quantity is kept as printed, with a warning, and no packaging")
    func garbageQuantity() throws {
        let coke = try ImportFixtures.normalizedOpenFoodFacts("8901764012273")
        #expect(coke.product.size == "5")
        #expect(coke.product.packaging == nil)
        #expect(coke.warnings.contains(.unparsedQuantity("5")))
    }

    @Test("a record without any name is imported by its barcode with a warning; its stray empty product key is ignored")
    func recordWithoutName() throws {
        let record = try ImportFixtures.normalizedOpenFoodFacts("0402004014227")
        #expect(record.product.title == nil)
        #expect(record.warnings.contains(.missingTitle))
        #expect(record.product.category == nil)
        #expect(record.warnings.contains(.invalidValue(field: "categories_tags", reason: "\"fr:coca-cola\": not English and not in the category table; no category")))
        #expect(record.product.productDetails == .food(nil))
    }

    @Test("the estimated sign and drained weight do not stop the quantity from parsing")
    func oddQuantities() throws {
        let pet = try ImportFixtures.normalizedOpenFoodFacts("5000112611861").product
        #expect(pet.size == "1.75 L ℮")
        #expect(pet.packaging?.displayText == "1.75 L ℮")
        let beans = try ImportFixtures.normalizedOpenFoodFacts("3596710456727").product
        #expect(beans.size == "440 g égoutté")
        #expect(beans.packaging?.quantity == 440)
        #expect(beans.packaging?.count == 1)
    }

    @Test("normalizing the same record twice gives the same product")
    func normalizationIsDeterministic() throws {
        for code in ImportFixtures.openFoodFactsCodes {
            #expect(try ImportFixtures.normalizedOpenFoodFacts(code) == ImportFixtures.normalizedOpenFoodFacts(code))
        }
    }

    @Test("the product DTO decodes with JSONDecoder and round-trips through its Codable encoding")
    func productDTOIsCodable() throws {
        let decoded = try JSONDecoder().decode(OpenFoodFactsProduct.self, from: try ImportFixtures.openFoodFacts("54491472"))
        #expect(decoded.code == "54491472")
        #expect(decoded.productName == "Coca Cola")
        #expect(decoded.productQuantity == 500)
        #expect(decoded.productQuantityUnit == "ml")
        #expect(decoded.localizedProductNames["de"] == "Coca Cola Original")
        #expect(decoded.nutriments.energyKcal == 42)
        #expect(decoded.revision == 509)
        let again = try JSONDecoder().decode(OpenFoodFactsProduct.self, from: try JSONEncoder().encode(decoded))
        #expect(again == decoded)
    }
}
