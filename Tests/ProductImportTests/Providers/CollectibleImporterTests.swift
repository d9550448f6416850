import Foundation
import InventoryKit
import InventoryKitTesting
import ProductImport
import Testing

// A client's own storage types, as in the kit's integration scenario.

struct ShelfRequirements: InventorySystemRequirements, Codable, Equatable {
    var minMemory: Int64?
    var recommendedMemory: Int64?
    var cpuFamily: String?
    var minCpuSpeedMHz: Int?
    var video: String?
    var audio: String?
    var osName: String?
    var minOsVersion: String?
    var minStorage: Int64?
    var notes: String?
}

struct ShelfCompany: InventoryManufacturer, StorableRecord, Equatable {
    static let collection: RecordCollection = "shelf-companies"
    var id: UUID
    var slug = ""
    var name = ""
    var aliases: [String] = []
    var summary: String?
    var metadata: [String: String] = [:]
    var addresses: [StandardAddress] = []
    var email: String?
    var website: URL?
    var associatedPeople: [StandardContact] = []
    var recordID: RecordID { RecordID(id) }
}

struct ShelfTitle: InventoryProduct, StorableRecord, Equatable {
    static let collection: RecordCollection = "shelf-titles"
    var id: UUID
    var sku: String?
    var identifiers: [ProductIdentifier] = []
    var title: String?
    var summary: String?
    var productType: String?
    var classification: String?
    var genre: String?
    var manufacturer: ShelfCompany?
    var publisher: String?
    var developer: String?
    var creator: String?
    var releaseDate: Date?
    var productionDate: Date?
    var platform: String?
    var systemRequirements: ShelfRequirements?
    var productVersion: String?
    var sourceCode: StandardSourceCode?
    var relatedAssetIDs: [UUID] = []
    var references: [String: String] = [:]
    var metadata: [String: String] = [:]
    var recordID: RecordID { RecordID(id) }
}

/// A client's configurator that upper-cases company names, to prove the importer writes through it.
struct ShoutingConfigurator: InventoryConfigurator {
    func configure<T: InventoryManufacturer>(_ instance: inout T, with patch: InventoryManufacturerPatch<T>) {
        var changed = patch
        changed.name = patch.name?.uppercased()
        changed.apply(to: &instance)
    }
}

/// Collectibles go straight into the client's storage types through the configurator.
@Suite("Collectible importer into client storage")
struct CollectibleImporterTests {
    let records = [
        CollectibleRecord(
            manufacturer: "Brøderbund", title: "Lode Runner", platform: "Apple II", releaseDate: "1983",
            systemRequirements: CollectibleRequirements(memory: "48K", cpu: "6502"), kind: "game"),
        CollectibleRecord(manufacturer: "BRØDERBUND ", title: "Choplifter", platform: "Apple II", releaseDate: "1982"),
        CollectibleRecord(
            manufacturer: "Sierra On-Line", title: "King's Quest", platform: "IBM PC", releaseDate: "1984",
            barcode: "4006381333931"),
        CollectibleRecord(manufacturer: "Nobody", platform: "IBM PC"),
    ]

    func importAll(
        into storage: InMemoryStorageProvider, configurator: some InventoryConfigurator = DefaultInventoryConfigurator()
    ) async throws -> CollectibleImportReport {
        try await CollectibleImporter(clock: .constant(ImportFixtures.now)).importCollectibles(
            records, into: storage.domainMetadata, makeProduct: { ShelfTitle(id: $0) },
            makeManufacturer: { ShelfCompany(id: $0) }, makeSystemRequirements: { ShelfRequirements() },
            configurator: configurator)
    }

    @Test("client instances are created with deterministic ids and filled through the configurator")
    func fillsClientInstances() async throws {
        let storage = InMemoryStorageProvider()
        let report = try await importAll(into: storage)
        #expect(report.products.created.count == 3)
        #expect(report.products.rejected.map(\.index) == [3])
        #expect(report.manufacturersCreated.count == 2)

        let id = InventoryIDGenerator.generate(for: .product, semanticName: "Apple II/Lode Runner")
        let lode = try #require(try await storage.domainMetadata.load(ShelfTitle.self, id: RecordID(id)))
        #expect(lode.title == "Lode Runner")
        #expect(lode.platform == "Apple II")
        #expect(lode.productType == "software")
        #expect(lode.classification == "game")
        #expect(lode.systemRequirements == ShelfRequirements(minMemory: 49_152, cpuFamily: "6502"))
        #expect(lode.manufacturer?.id == InventoryIDGenerator.generate(for: .manufacturer, semanticName: "Brøderbund"))
        let kingsQuest = try #require(
            try await storage.domainMetadata.load(
                ShelfTitle.self, id: RecordID(InventoryIDGenerator.generate(for: .product, semanticName: "IBM PC/King's Quest"))))
        #expect(kingsQuest.identifiers == [try .gtin("4006381333931")])
        let companies = try await storage.domainMetadata.all(in: ShelfCompany.collection)
        #expect(companies.count == 2)
    }

    @Test("re-importing the same records creates and changes nothing")
    func reimportCreatesNothing() async throws {
        let storage = InMemoryStorageProvider()
        _ = try await importAll(into: storage)
        let before = await storage.snapshot()
        let again = try await importAll(into: storage)
        #expect(again.products.unchanged.count == 3)
        #expect(again.products.created.isEmpty && again.products.updated.isEmpty)
        #expect(again.manufacturersUnchanged.count == 2)
        #expect(again.manufacturersCreated.isEmpty)
        #expect(await storage.snapshot() == before)
    }

    @Test("the client's configurator decides how values are written")
    func clientConfiguratorIsUsed() async throws {
        let storage = InMemoryStorageProvider()
        _ = try await importAll(into: storage, configurator: ShoutingConfigurator())
        let companies = try await storage.domainMetadata.all(in: ShelfCompany.collection).map { try ShelfCompany.decode($0) }
        #expect(companies.map(\.name).sorted() == ["BRØDERBUND", "SIERRA ON-LINE"])
    }

    @Test("fields the client set that the feed lacks are kept")
    func clientFieldsAreKept() async throws {
        let storage = InMemoryStorageProvider()
        _ = try await importAll(into: storage)
        let id = RecordID(InventoryIDGenerator.generate(for: .product, semanticName: "Apple II/Choplifter"))
        var choplifter = try #require(try await storage.domainMetadata.load(ShelfTitle.self, id: id))
        choplifter.summary = "Rescue the hostages."
        choplifter.metadata["shelf"] = "B3"
        try await storage.domainMetadata.save(choplifter)
        let again = try await importAll(into: storage)
        #expect(again.products.unchanged.count == 3)
        let kept = try #require(try await storage.domainMetadata.load(ShelfTitle.self, id: id))
        #expect(kept.summary == "Rescue the hostages.")
        #expect(kept.metadata["shelf"] == "B3")
    }
}
