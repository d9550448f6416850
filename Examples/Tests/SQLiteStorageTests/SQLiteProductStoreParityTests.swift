import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import SQLiteStorage
import Testing

/// Differential tests: the same random command sequence drives a service on `SQLiteProductStore` and a twin on
/// the kit's `StorageProductStore` (in memory); every read of both local ports must agree after every step.
@Suite("SQLiteProductStore agrees with StorageProductStore")
struct SQLiteProductStoreParityTests {
    typealias S = SQLiteTestSupport

    /// One of the twins: a service, its local store and its own remote.
    private struct Twin {
        let store: any ProductStore
        let remote: InMemoryProductRemote
        let clock: ManualClock
        let service: ProductModuleService

        init(store: some ProductStore, seed: UInt64) {
            self.store = store
            remote = InMemoryProductRemote()
            clock = ManualClock(S.t0)
            let uuids = SeededUUIDGenerator(seed: seed)
            service = ProductModuleService(
                store: store, remote: remote,
                strategy: ProductSyncStrategy(
                    readPolicy: .localOnly, writePolicy: .localThenEnqueue,
                    retryPolicy: RetryPolicy(baseDelay: 1, maxDelay: 4, maxAttempts: 3), pushBatchSize: 3),
                replicaID: ReplicaID("phone"), clock: clock.clock, random: .seeded(seed), makeUUID: { uuids.next() })
        }
    }

    @Test("every local read agrees after every step of a random session", arguments: [1, 2, 3, 4] as [UInt64])
    func randomSession(_ seed: UInt64) async throws {
        let sqlite = Twin(store: SQLiteProductStore(storage: try SQLiteStorage.inMemory()), seed: seed)
        let memory = Twin(store: StorageProductStore(storage: InMemoryStorageProvider()), seed: seed)
        var random = SeededRandomNumberGenerator(seed: seed)
        var ids: [ProductID] = []
        for step in 0..<80 {
            let action = Int.random(in: 0..<10, using: &random)
            let number = Int.random(in: 0..<40, using: &random)
            // Updates and deletes pick among the products that exist (the twins agree on which, checked below).
            var existing: [ProductID] = []
            for id in ids where try await sqlite.store.product(id) != nil { existing.append(id) }
            var outcomes: [String] = []
            for twin in [sqlite, memory] {
                do {
                    outcomes.append(try await Self.perform(action, number: number, ids: existing, on: twin))
                } catch {
                    outcomes.append("error: \(error)")
                }
            }
            #expect(outcomes[0] == outcomes[1], "step \(step), action \(action)")
            // Ids the step may have created: an added product, or the barcode id a product migrated to.
            for id in [try Self.newID(number), try ProductID(GTIN.fixtureEAN13(1_000 + number))] where !ids.contains(id) {
                ids.append(id)
            }
            try await Self.expectSameReads(sqlite, memory, ids: ids, step: step)
        }
    }

    /// Runs one action on a twin and describes its result.
    private static func perform(_ action: Int, number: Int, ids: [ProductID], on twin: Twin) async throws -> String {
        let service = twin.service
        switch action {
        case 0, 1, 2:
            let product = try Product.new(
                barcode: number % 3 == 0 ? GTIN.fixtureEAN13(number) : nil, title: "Product \(number % 7)",
                brand: number % 2 == 0 ? "Acme" : nil, id: UUID(fixtureNumber: number), now: twin.clock.now)
            return "\(try await service.addProducts([product]))"
        case 3, 4:
            guard !ids.isEmpty, var product = try await twin.store.product(ids[number % ids.count]) else { return "none" }
            product.title = "Renamed \(number)"
            if product.barcode == nil, number % 4 == 0 { product.barcode = try Barcode(GTIN.fixtureEAN13(1_000 + number)) }
            return "\(try await service.updateProducts([product]))"
        case 5:
            guard !ids.isEmpty else { return "none" }
            return "\(try await service.deleteProducts([ids[number % ids.count]]))"
        case 6:
            await twin.remote.failNextCalls(1, with: number % 2 == 0 ? .transient("flaky") : .permanent("rejected"))
            return "fault"
        case 7:
            twin.clock.advance(by: Double(number % 5))
            return "\(try await service.requeueQuarantined())"
        default:
            return "\(try await service.syncPending())"
        }
    }

    private static func newID(_ number: Int) throws -> ProductID {
        number % 3 == 0 ? try ProductID(GTIN.fixtureEAN13(number)) : .generated(UUID(fixtureNumber: number))
    }

    private static func expectSameReads(_ a: Twin, _ b: Twin, ids: [ProductID], step: Int) async throws {
        let context = "after step \(step)"
        for id in ids {
            #expect(try await a.store.product(id) == b.store.product(id), "\(context): product \(id)")
            #expect(try await a.store.tombstone(id) == b.store.tombstone(id), "\(context): tombstone \(id)")
            #expect(try await a.store.syncRecord(id) == b.store.syncRecord(id), "\(context): sync record \(id)")
            #expect(try await a.store.pendingEntry(for: id) == b.store.pendingEntry(for: id), "\(context): entry of \(id)")
        }
        #expect(try await a.store.localStates(ids) == b.store.localStates(ids), "\(context): local states")
        #expect(try await a.store.syncRecords(ids) == b.store.syncRecords(ids), "\(context): sync records")
        for limit in [1_000, 2] {
            let now = a.clock.now
            #expect(try await a.store.dueEntries(at: now, limit: limit) == b.store.dueEntries(at: now, limit: limit), "\(context)")
        }
        #expect(try await a.store.pendingEntries(limit: 1_000) == b.store.pendingEntries(limit: 1_000), "\(context)")
        #expect(try await a.store.pendingEntries(limit: 2) == b.store.pendingEntries(limit: 2), "\(context)")
        #expect(try await a.store.quarantinedEntries() == b.store.quarantinedEntries(), "\(context)")
        #expect(try await a.store.outboxCount() == b.store.outboxCount(), "\(context)")
        #expect(try await a.store.lastSequence() == b.store.lastSequence(), "\(context)")
        #expect(try await a.store.pullCursor() == b.store.pullCursor(), "\(context)")
        for query in [
            ProductQuery(page: PageRequest(limit: 1_000)), ProductQuery(sort: .title(), filters: [.syncState(.pendingUpsert)]),
            ProductQuery(sort: .brand(.descending), filters: [.not(.syncState(.synced))]),
        ] {
            #expect(try await a.store.query(query) == b.store.query(query), "\(context): \(query.sort)")
        }
    }
}
