import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

@Suite("InMemoryStorageProvider")
struct InMemoryStorageProviderTests {
    @Test("passes the StorageProvider conformance suite")
    func conformance() async {
        let report = await StorageProviderConformance { InMemoryStorageProvider() }.run()
        #expect(report.failures == [])
        #expect(report.passed == StorageProviderConformance.checkNames)
    }

    @Test("the conformance suite catches a store that ignores preconditions")
    func conformanceCatchesBrokenStores() async {
        let report = await StorageProviderConformance { PreconditionIgnoringProvider() }.run()
        #expect(report.failures.map(\.check).contains("revisionsAndPreconditions"))
        #expect(!report.isSuccess)
    }

    @Test("an injected commit failure writes neither scope")
    func commitFailure() async throws {
        let storage = InMemoryStorageProvider()
        await storage.failNextWrites(1)
        let batch = StorageBatch(
            user: [.put(StoredRecord(id: try RecordID("op"), payload: Data()), in: "outbox")],
            domain: [.put(StoredRecord(id: try RecordID("p"), payload: Data()), in: "products")])
        await #expect(throws: StorageError.self) { try await storage.commit(batch) }
        #expect(await storage.snapshot() == InMemoryStorageProvider.Snapshot())
        try await storage.commit(batch)
        #expect(try await storage.userMetadata.record(try RecordID("op"), in: "outbox") != nil)
    }

    @Test("a snapshot restored into a new provider holds the same data, as after a restart")
    func restart() async throws {
        let storage = InMemoryStorageProvider()
        try await storage.domainMetadata.put(StoredRecord(id: try RecordID("p"), payload: Data("x".utf8)), in: "products")
        try await storage.userData.write(Data("blob".utf8), to: try RecordID("b"))
        let restarted = InMemoryStorageProvider(await storage.snapshot())
        #expect(try await restarted.domainMetadata.record(try RecordID("p"), in: "products")?.payload == Data("x".utf8))
        #expect(try await restarted.userData.read(try RecordID("b")) == Data("blob".utf8))
    }

    @Test("injected read failures are reported and then clear")
    func readFailure() async throws {
        let storage = InMemoryStorageProvider()
        await storage.failNextReads(1)
        await #expect(throws: StorageError.self) { try await storage.userMetadata.record(try RecordID("x"), in: "things") }
        #expect(try await storage.userMetadata.record(try RecordID("x"), in: "things") == nil)
    }

    @Test("the seeded generator repeats its sequence for a seed")
    func seededRandom() {
        var first = SeededRandomNumberGenerator(seed: 7)
        var second = SeededRandomNumberGenerator(seed: 7)
        let a = (0..<5).map { _ in first.next() }
        let b = (0..<5).map { _ in second.next() }
        #expect(a == b && Set(a).count == 5)
    }
}

/// A deliberately broken provider: its stores ignore preconditions.
struct PreconditionIgnoringProvider: StorageProvider {
    struct Store: MetadataStore {
        let base: any MetadataStore
        var scope: StorageScope { base.scope }
        func record(_ id: RecordID, in collection: RecordCollection) async throws -> StoredRecord? {
            try await base.record(id, in: collection)
        }
        func query(_ query: RecordQuery, in collection: RecordCollection) async throws -> RecordPage<StoredRecord> {
            try await base.query(query, in: collection)
        }
        func apply(_ writes: [RecordWrite]) async throws {
            try await base.apply(writes.map { write in
                var relaxed = write
                relaxed.precondition = .none
                return relaxed
            })
        }
    }

    let base = InMemoryStorageProvider()
    var userMetadata: any MetadataStore { Store(base: base.userMetadata) }
    var domainMetadata: any MetadataStore { Store(base: base.domainMetadata) }
    var userData: any DataStore { base.userData }
    var domainData: any DataStore { base.domainData }
    func commit(_ batch: StorageBatch) async throws { try await base.commit(batch) }
}
