import Foundation
import InventoryKit
import InventoryKitTesting
import ProductImport
import Testing

/// A client's configurator that upper-cases company names, to prove the importer writes through it.
struct ShoutingConfigurator: InventoryConfigurator {
    func configure<T: InventoryManufacturer>(_ instance: inout T, with patch: InventoryManufacturerPatch<T>) {
        var changed = patch
        changed.name = patch.name?.uppercased()
        changed.apply(to: &instance)
    }
}

/// Collectibles go straight into the client's storage types (InventoryKitTesting's sample client types) through the
/// configurator.
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
            records, into: storage.domainMetadata, makeProduct: { SampleProduct(id: $0) },
            makeManufacturer: { SampleManufacturer(id: $0) }, makeSystemRequirements: { SampleRequirements() },
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
        let lode = try #require(try await storage.domainMetadata.load(SampleProduct.self, id: RecordID(id)))
        #expect(lode.title == "Lode Runner")
        #expect(lode.platform == "Apple II")
        #expect(lode.productType == "software")
        #expect(lode.classification == "game")
        #expect(lode.systemRequirements == SampleRequirements(minMemory: 49_152, cpuFamily: "6502"))
        #expect(lode.manufacturer?.id == InventoryIDGenerator.generate(for: .manufacturer, semanticName: "Brøderbund"))
        let kingsQuest = try #require(
            try await storage.domainMetadata.load(
                SampleProduct.self, id: RecordID(InventoryIDGenerator.generate(for: .product, semanticName: "IBM PC/King's Quest"))))
        #expect(kingsQuest.identifiers == [try .gtin("4006381333931")])
        let companies = try await storage.domainMetadata.all(in: SampleManufacturer.collection)
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
        let companies = try await storage.domainMetadata.all(in: SampleManufacturer.collection).map { try SampleManufacturer.decode($0) }
        #expect(companies.map(\.name).sorted() == ["BRØDERBUND", "SIERRA ON-LINE"])
    }

    @Test("fields the client set that the feed lacks are kept")
    func clientFieldsAreKept() async throws {
        let storage = InMemoryStorageProvider()
        _ = try await importAll(into: storage)
        let id = RecordID(InventoryIDGenerator.generate(for: .product, semanticName: "Apple II/Choplifter"))
        var choplifter = try #require(try await storage.domainMetadata.load(SampleProduct.self, id: id))
        choplifter.summary = "Rescue the hostages."
        choplifter.metadata["shelf"] = "B3"
        try await storage.domainMetadata.save(choplifter)
        let again = try await importAll(into: storage)
        #expect(again.products.unchanged.count == 3)
        let kept = try #require(try await storage.domainMetadata.load(SampleProduct.self, id: id))
        #expect(kept.summary == "Rescue the hostages.")
        #expect(kept.metadata["shelf"] == "B3")
    }
}
