import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule

/// Factory functions for products used across the ProductModule tests.
enum ProductFixtures {
    /// A fixed point in time, so tests never read the clock.
    static let epoch = Date.fixtureEpoch

    /// A fixed UUID for generated ids.
    static let uuid = UUID(uuidString: "6F1C0E2A-3B4D-4E5F-8A9B-0C1D2E3F4A5B") ?? UUID()

    /// The seed's example product: organic milk with barcode 0123456789012.
    static func milk() throws -> Product {
        var product = try Product.new(
            barcode: "0123456789012", title: "Organic Milk", brand: "Fresh Farm", shortDescription: "Whole milk",
            category: ProductCategory(main: "food", sub: "dairy"),
            productDetails: .food(
                FoodDetails(
                    ingredients: ["milk"], allergens: ["milk"], servingSize: "200ml",
                    nutritionPer100gOrMl: NutritionFacts(
                        energyKcal: 62, proteinG: 3.2, fatG: 3.5, saturatedFatG: 2.1, carbsG: 4.7, sugarsG: 4.7,
                        sodiumMg: 44))),
            packaging: ProductPackaging(quantity: 1, unit: .l, count: 1, displayText: "1L bottle"),
            source: .aiExtraction, id: uuid, now: epoch)
        product.storageInstructions = "Keep refrigerated"
        product.size = "1L"
        product.attributes = ["origin": "local", "languageCodes": "en,ar"]
        product.extractionMetadata = ProductExtractionMetadata(
            extractorVersion: "imagedata-v1", fieldConfidence: ["barcode": 0.99, "title": 0.87, "category": 0.8])
        product.qualitySignals = ProductQualitySignals(completenessScore: 0.84, needsManualReview: false)
        product.compliance = ProductCompliance(marketCountries: ["US"], restrictedFlags: [])
        return product
    }

    /// A barcode-less product with a generated id.
    static func draft(title: String = "Homemade Jam") -> Product {
        Product(productID: .generated(uuid), title: title, createdAt: epoch, updatedAt: epoch)
    }

    /// A product with every field set, for coding and copying tests.
    static func fullyPopulated() throws -> Product {
        var product = try milk()
        product.images = [
            ProductImage(
                id: "front", url: URL(string: "https://example.com/front.jpg"), path: "images/front.jpg", kind: .front,
                source: "camera", width: 1024, height: 768)
        ]
        product.extractionMetadata?.extractedAt = epoch.addingTimeInterval(-60)
        product.extractionMetadata?.rawSnippetsHash = "abc123"
        product.qualitySignals?.hasFrontImage = true
        product.compliance?.regulatoryTags = ["eu-organic"]
        product.manufacturer = StandardManufacturer(named: "Fresh Farm Dairy")
        product.countryOfOrigin = "US"
        product.certifications = ["organic"]
        product.languageCodes = ["en", "ar"]
        product.searchKeywords = ["whole milk", "lait"]
        product.relatedBarcodes = ["4006381333931"]
        product.sku = "MILK-1L"
        product.additionalIdentifiers = [try ProductIdentifier(.serialNumber, "SN-1")]
        product.references = ["openfoodfacts": "0123456789012"]
        product.relatedAssetIDs = [uuid]
        product.barcode = try Barcode("0123456789012", confidence: 0.99, source: "scanner")
        return product
    }

    /// A random UUID drawn from a seeded generator.
    static func uuid(using random: inout SeededRandomNumberGenerator) -> UUID {
        let high = random.next()
        let low = random.next()
        func byte(_ value: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: value >> (8 * index)) }
        return UUID(
            uuid: (
                byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
                byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
                byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
            ))
    }

    /// Titles with deliberate duplicates after normalization, non-ASCII text and missing values.
    static let titles: [String?] = [
        "Milk", "MILK", "  milk ", "Organic Milk", "Bread", "Eggs", "eggs", "Café au lait", "CAFÉ  AU LAIT",
        "Straße Snack", "Zucchini", "Apple Juice", nil, nil, "", "Éclair",
    ]
    /// Brands with deliberate duplicates after normalization and missing values.
    static let brands: [String?] = ["Fresh Farm", "fresh  farm", "Acme", "ACME", "Bäckerei", "Zeta", nil, nil]
    /// Categories, including none and one without a sub id.
    static let categories: [ProductCategory?] = [
        nil, ProductCategory(main: "food", sub: "dairy"), ProductCategory(main: "food"),
        ProductCategory(main: "food", sub: "bakery"), ProductCategory(main: "beverage", sub: "juice"),
        ProductCategory(main: "household"),
    ]
    /// Search keywords to draw from.
    static let keywords = ["organic", "Vegan", "gluten  free", "lait", "Bio"]
    /// Sync states to draw from, including unknown.
    static let syncStates: [SyncStatusKind?] = [nil, .synced, .pendingUpsert, .pendingDelete, .failed]

    /// A product with random fields drawn from small pools, so titles, brands and dates repeat; `index` makes
    /// its id unique (an EAN-13 for even indexes, a generated id for odd ones).
    static func random(_ index: Int, using random: inout SeededRandomNumberGenerator) -> Product {
        let created = epoch.addingTimeInterval(Double(Int.random(in: 0..<40, using: &random)) * 3600)
        let updated = created.addingTimeInterval([0, 60, 3600][Int.random(in: 0..<3, using: &random)])
        let barcode = index.isMultiple(of: 2) ? try? Barcode(GTIN.fixtureEAN13(index * 7)) : nil
        let id = barcode?.productID ?? .generated(uuid(using: &random))
        return Product(
            productID: id, barcode: barcode, title: titles.randomElement(using: &random) ?? nil,
            brand: brands.randomElement(using: &random) ?? nil,
            category: categories.randomElement(using: &random) ?? nil,
            status: ProductStatus.allCases.randomElement(using: &random) ?? .active,
            searchKeywords: keywords.filter { _ in Int.random(in: 0..<3, using: &random) == 0 },
            createdAt: created, updatedAt: updated)
    }

    /// Products with random fields and sync states, the same for the same seed.
    static func randomCatalogue(
        count: Int, seed: UInt64, firstIndex: Int = 0
    ) -> [(product: Product, syncState: SyncStatusKind?)] {
        var generator = SeededRandomNumberGenerator(seed: seed)
        return (firstIndex..<(firstIndex + count)).map { index in
            (random(index, using: &generator), syncStates.randomElement(using: &generator) ?? nil)
        }
    }
}
