import Foundation
import InventoryKit
import ProductModule
import Testing

@Suite("Product as an InventoryProduct: the configurator fills it and every value reads back")
struct ProductInventoryProductTests {
    /// Compiles only while `Product` satisfies the protocol with the kit's standard nested types.
    static func requiresInventoryProduct<T: InventoryProduct>(_ type: T.Type) -> T.Type where T.ID == ProductID {
        type
    }

    @Test("the configurator's title and platform read back, and the identity stays")
    func configuresTitleAndPlatform() throws {
        _ = Self.requiresInventoryProduct(Product.self)
        var product = try ProductFixtures.milk()
        let before = product
        DefaultInventoryConfigurator().configure(&product, title: "Lode Runner", platform: "Apple II")
        #expect(product.title == "Lode Runner")
        #expect(product.platform == "Apple II")
        #expect(product.id == before.productID && product.productID == before.productID)
        #expect(product.barcode == before.barcode)
        #expect(product.productDetails == .collectible(CollectibleDetails(platform: "Apple II")))
        DefaultInventoryConfigurator().configure(&product, title: nil, platform: nil)
        #expect(product.title == "Lode Runner" && product.platform == "Apple II")
    }

    @Test("every value the configurator writes reads back")
    func everyConfiguredValueReadsBack() throws {
        var product = try ProductFixtures.milk()
        let barcode = try ProductIdentifier.gtin("0123456789012")
        let identifiers = [
            barcode, try ProductIdentifier.gtin("4006381333931"), try ProductIdentifier(.serialNumber, "SN-1"),
            try ProductIdentifier(.sku, "MILK-1L"),
        ]
        let maker = StandardManufacturer(named: "Brøderbund")
        let requirements = StandardSystemRequirements(minMemory: 48 * 1024, cpuFamily: "6502")
        let source = StandardSourceCode(url: URL(string: "https://example.com/lode-runner"), license: "proprietary")
        let released = ProductFixtures.epoch.addingTimeInterval(-1_000_000_000)
        let produced = released.addingTimeInterval(86_400)
        let assets = [ProductFixtures.uuid]
        DefaultInventoryConfigurator().configure(
            &product, sku: "LR-1983", identifiers: identifiers, title: "Lode Runner", summary: "Puzzle platformer",
            productType: "software", classification: "game", genre: "puzzle", manufacturer: maker,
            publisher: "Brøderbund", developer: "Doug Smith", creator: "Doug Smith", releaseDate: released,
            productionDate: produced, platform: "Apple II", systemRequirements: requirements, productVersion: "1.0",
            sourceCode: source, relatedAssetIDs: assets, references: ["mobygames": "1234"],
            metadata: ["box": "original"])
        #expect(product.sku == "LR-1983")
        #expect(product.identifiers == identifiers)
        #expect(product.title == "Lode Runner")
        #expect(product.summary == "Puzzle platformer" && product.shortDescription == "Puzzle platformer")
        #expect(product.productType == "software" && product.classification == "game")
        #expect(product.category == ProductCategory(main: "software", sub: "game"))
        #expect(product.genre == "puzzle")
        #expect(product.manufacturer == maker)
        #expect(product.publisher == "Brøderbund")
        #expect(product.developer == "Doug Smith")
        #expect(product.creator == "Doug Smith")
        #expect(product.releaseDate == released)
        #expect(product.productionDate == produced)
        #expect(product.platform == "Apple II")
        #expect(product.systemRequirements == requirements)
        #expect(product.productVersion == "1.0")
        #expect(product.sourceCode == source)
        #expect(product.relatedAssetIDs == assets)
        #expect(product.references == ["mobygames": "1234"])
        #expect(product.metadata == ["box": "original"] && product.attributes == ["box": "original"])
        #expect(product.productID.rawValue == "0123456789012" && product.barcode?.value == "0123456789012")
        #expect(product.relatedBarcodes == ["4006381333931"])
        #expect(product.additionalIdentifiers == Array(identifiers.suffix(2)))
        try product.validate()
    }

    @Test("setting identifiers never changes the identity")
    func identifiersKeepIdentity() throws {
        var product = try ProductFixtures.milk()
        let other = try ProductIdentifier.gtin("4006381333931")
        product.identifiers = [other]
        #expect(product.barcode?.value == "0123456789012")
        #expect(product.relatedBarcodes == ["4006381333931"])
        #expect(product.identifiers.map(\.value) == ["0123456789012", "4006381333931"])

        var draft = ProductFixtures.draft()
        draft.identifiers = [other, try ProductIdentifier(.qrCode, "https://example.com/jam")]
        #expect(draft.barcode == nil && draft.productID.isGenerated)
        #expect(draft.relatedBarcodes == ["4006381333931"])
        #expect(draft.additionalIdentifiers.map(\.kind) == [.qrCode])
        try draft.validate()
    }

    @Test("identifiers read back as barcode, related barcodes, then other identifiers")
    func identifiersOrder() throws {
        var product = try ProductFixtures.milk()
        let serial = try ProductIdentifier(.serialNumber, "SN-1")
        let related = try ProductIdentifier.gtin("96385074")
        let barcode = try ProductIdentifier.gtin("0123456789012")
        product.identifiers = [serial, related, barcode, barcode]
        #expect(product.identifiers == [barcode, related, barcode, serial])
    }

    @Test("productType nil clears the category; classification alone makes one without a main id")
    func categoryMapping() throws {
        var product = try ProductFixtures.milk()
        product.productType = "beverage"
        #expect(product.category == ProductCategory(main: "beverage", sub: "dairy"))
        product.classification = nil
        #expect(product.category == ProductCategory(main: "beverage"))
        product.productType = nil
        #expect(product.category == nil && product.classification == nil)
        product.classification = "dairy"
        #expect(product.classification == "dairy" && product.productType == nil)
        product.classification = nil
        product.productType = nil
        product.classification = nil
        #expect(product.category == nil)
    }

    @Test("collectible fields read nil on other details, and nil writes leave other details alone")
    func collectibleMapping() throws {
        var product = try ProductFixtures.milk()
        let food = product.productDetails
        #expect(product.platform == nil && product.genre == nil && product.releaseDate == nil)
        product.platform = nil
        product.systemRequirements = nil
        #expect(product.productDetails == food)
        product.genre = "arcade"
        #expect(product.productDetails == .collectible(CollectibleDetails(genre: "arcade")))
        product.genre = nil
        #expect(product.productDetails == .collectible(CollectibleDetails()))

        var bare = ProductFixtures.draft()
        bare.publisher = nil
        #expect(bare.productDetails == nil)
        bare.productDetails = .collectible(nil)
        bare.publisher = nil
        #expect(bare.productDetails == .collectible(nil))
        bare.publisher = "Sierra"
        #expect(bare.productDetails == .collectible(CollectibleDetails(publisher: "Sierra")))
    }
}
