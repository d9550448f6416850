import Foundation
import InventoryKit
import ProductImport
import ProductModule
import Testing

/// Collectibles and software records become canonical products with collectible details and a manufacturer.
@Suite("Collectible normalizer")
struct CollectibleNormalizerTests {
    let normalizer = CollectibleNormalizer()

    @Test("a record becomes a product with collectible details, a deterministic id and manufacturer, and provenance")
    func fullRecord() throws {
        let record = CollectibleRecord(
            manufacturer: "Brøderbund", title: "Lode Runner", platform: "Apple II", releaseDate: "1983-06",
            systemRequirements: CollectibleRequirements(memory: "48K", cpu: "6502", cpuSpeed: "1.023 MHz", os: "Apple DOS 3.3", storage: "140 KB"),
            kind: "Video Games", publisher: "Brøderbund", developer: "Doug Smith", genre: "puzzle-platformer",
            mediaFormat: "5.25-inch floppy", revision: "r4")
        let imported = try normalizer.normalize(record, context: ImportFixtures.context()).get()
        let product = imported.product
        let uuid = InventoryIDGenerator.generate(for: .product, semanticName: "Apple II/Lode Runner")
        #expect(product.productID == .generated(uuid))
        #expect(normalizer.productUUID(for: record) == uuid)
        #expect(product.title == "Lode Runner")
        #expect(product.category == ProductCategory(main: "software", sub: "game"))
        #expect(product.manufacturer?.id == InventoryIDGenerator.generate(for: .manufacturer, semanticName: "Brøderbund"))
        #expect(product.manufacturer?.id == (try normalizer.normalize(
            CollectibleRecord(manufacturer: "BRØDERBUND Inc.", title: "Choplifter"), context: ImportFixtures.context()
        ).get().product.manufacturer?.id))
        #expect(product.manufacturer?.slug == "brøderbund")
        let details = try #require(product.productDetails?.collectibleDetails)
        #expect(details.platform == "Apple II")
        #expect(details.developer == "Doug Smith")
        #expect(details.mediaFormat == "5.25-inch floppy")
        #expect(details.releaseDate == Date(timeIntervalSince1970: 423_273_600))  // 1983-06-01T00:00:00Z
        #expect(details.systemRequirements == StandardSystemRequirements(
            minMemory: 49_152, cpuFamily: "6502", minCpuSpeedMHz: 1, osName: "Apple DOS", minOsVersion: "3.3",
            minStorage: 143_360))
        let provenance = try #require(product.provenance)
        #expect(provenance.primaryProvider == .collectibles)
        #expect(provenance.synthetic)
        #expect(provenance.fields[.systemRequirements]?.revision == "r4")
        #expect(imported.warnings.isEmpty)
    }

    @Test("a barcode or catalogue id gives a non-synthetic identity")
    func identities() throws {
        let withBarcode = try normalizer.normalize(
            CollectibleRecord(title: "Super Mario Bros.", platform: "NES", barcode: "045496630041"),
            context: ImportFixtures.context()).get().product
        #expect(withBarcode.productID.rawValue == "0045496630041")
        #expect(withBarcode.provenance?.synthetic == false)
        let withCatalogID = try normalizer.normalize(
            CollectibleRecord(title: "Zork I", platform: "IBM PC", catalogID: "mobygames-1"), context: ImportFixtures.context()
        ).get().product
        #expect(withCatalogID.productID == .generated(InventoryIDGenerator.generate(for: .product, semanticName: "collectibles:mobygames-1")))
        #expect(withCatalogID.references == ["collectibles": "mobygames-1"])
        #expect(withCatalogID.provenance?.synthetic == false)
    }

    @Test("release dates in the catalogue formats", arguments: [
        ("1983", 410_227_200.0), ("1983-06", 423_273_600.0), ("1983-06-15", 424_483_200.0),
        ("1983-06-15T10:00:00Z", 424_483_200.0),
    ])
    func releaseDates(_ text: String, _ expected: TimeInterval) throws {
        let product = try normalizer.normalize(
            CollectibleRecord(title: "X", platform: "Y", releaseDate: text), context: ImportFixtures.context()).get().product
        #expect(product.releaseDate == Date(timeIntervalSince1970: expected))
    }

    @Test("unreadable values are left out with warnings; a record without a title or barcode is rejected")
    func malformedValues() throws {
        let imported = try normalizer.normalize(
            CollectibleRecord(
                title: "X", platform: "Y", releaseDate: "June 83",
                systemRequirements: CollectibleRequirements(memory: "lots", cpuSpeed: "fast")),
            context: ImportFixtures.context()
        ).get()
        #expect(imported.product.releaseDate == nil)
        #expect(imported.product.systemRequirements == nil)
        #expect(imported.warnings.count == 3)
        #expect(throws: ImportRejection.missingIdentity(barcode: nil)) {
            try normalizer.normalize(CollectibleRecord(manufacturer: "Nintendo", platform: "NES"), context: ImportFixtures.context()).get()
        }
    }

    @Test("records decode tolerantly from JSON: numbers as texts, wrong types as warnings")
    func tolerantDecoding() throws {
        let json = #"""
        {"title": "Choplifter", "platform": "Apple II", "releaseDate": 1982, "manufacturer": ["Brøderbund"],
         "systemRequirements": {"memory": 48, "cpu": "6502"}}
        """#
        let record = try CollectibleRecord(jsonData: Data(json.utf8))
        #expect(record.releaseDate == "1982")
        #expect(record.manufacturer == nil)
        #expect(record.systemRequirements?.memory == "48")
        #expect(record.decodingWarnings.contains(.invalidValue(field: "manufacturer", reason: "expected a text, found an array")))
        let decoded = try JSONDecoder().decode(CollectibleRecord.self, from: Data(json.utf8))
        #expect(decoded == record)
        #expect(throws: ImportRejection.self) { try CollectibleRecord(jsonData: Data("[]".utf8)) }
    }
}
