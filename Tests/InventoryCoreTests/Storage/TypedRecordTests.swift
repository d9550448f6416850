import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

@Suite("Typed records through any metadata store")
struct TypedRecordTests {
    static func sampleGame(_ title: String, platform: String = "Apple II") -> SampleProduct {
        SampleProduct(
            id: InventoryIDGenerator.generate(for: .product, semanticName: title), title: title,
            releaseDate: Date.fixtureEpoch, platform: platform)
    }

    @Test("a Codable client type round-trips byte for byte and is queryable by its indexed fields")
    func roundTrip() async throws {
        let storage = InMemoryStorageProvider()
        let games = ["Lode Runner", "Choplifter", "Karateka", "Aztec"].map { Self.sampleGame($0) }
        for game in games { try await storage.domainMetadata.save(game) }
        let loaded = try await storage.domainMetadata.load(SampleProduct.self, id: RecordID(games[0].id))
        #expect(loaded == games[0])
        let page = try await storage.domainMetadata.query(SampleProduct.self, RecordQuery(sort: [.ascending("title")], limit: 3))
        #expect(page.records.compactMap(\.title) == ["Aztec", "Choplifter", "Karateka"])
        #expect(page.nextCursor != nil)
        try await storage.domainMetadata.delete(SampleProduct.self, id: RecordID(games[0].id))
        #expect(try await storage.domainMetadata.load(SampleProduct.self, id: RecordID(games[0].id)) == nil)
    }

    @Test("a corrupt payload is a typed error naming the record, and other records stay readable")
    func corruptRecord() async throws {
        let storage = InMemoryStorageProvider()
        let good = Self.sampleGame("Karateka")
        let bad = Self.sampleGame("Choplifter")
        try await storage.domainMetadata.save(good)
        try await storage.domainMetadata.save(bad)
        await storage.corrupt(RecordID(bad.id), in: SampleProduct.collection, scope: .domain, payload: Data(#"{"title": 42"#.utf8))
        await #expect(throws: StorageError.self) {
            try await storage.domainMetadata.load(SampleProduct.self, id: RecordID(bad.id))
        }
        do {
            _ = try await storage.domainMetadata.load(SampleProduct.self, id: RecordID(bad.id))
        } catch let error as StorageError {
            guard case .corruptRecord(let collection, let id, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(collection == SampleProduct.collection && id == RecordID(bad.id))
        }
        #expect(try await storage.domainMetadata.load(SampleProduct.self, id: RecordID(good.id)) == good)
    }

    @Test("an injected write failure leaves the stored record as it was")
    func failedWriteKeepsData() async throws {
        let storage = InMemoryStorageProvider()
        var game = Self.sampleGame("Aztec")
        try await storage.domainMetadata.save(game)
        let before = await storage.snapshot()
        game.title = "Aztec (1982)"
        await storage.failNextWrites(1)
        await #expect(throws: StorageError.backendFailure(operation: "apply", reason: "injected write failure")) {
            try await storage.domainMetadata.save(game)
        }
        #expect(await storage.snapshot() == before)
    }

    @Test("a non-finite number cannot be encoded and nothing is written")
    func encodingFailure() async throws {
        struct Reading: StorableRecord {
            static let collection: RecordCollection = "readings"
            var id: String
            var value: Double
            var recordID: RecordID { get throws { try RecordID(id) } }
        }
        let storage = InMemoryStorageProvider()
        await #expect(throws: StorageError.self) { try await storage.userMetadata.save(Reading(id: "r1", value: .infinity)) }
        await #expect(throws: StorageError.self) { try await storage.userMetadata.save(Reading(id: "", value: 1)) }
        #expect(await storage.snapshot() == InMemoryStorageProvider.Snapshot())
    }
}
