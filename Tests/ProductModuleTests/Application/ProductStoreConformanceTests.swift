import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import Testing

@Suite("Product store and gateway query parity")
struct ProductStoreConformanceTests {
    @Test("StorageProductStore on the in-memory provider queries exactly like the reference evaluator")
    func storageProductStore() async {
        let report = await ProductQueryConformance().run(local: { StorageProductStore(storage: InMemoryStorageProvider()) })
        #expect(report.failures == [])
        #expect(report.passed == ["queryParity", "paginationUnderInserts"])
    }

    @Test("the in-memory remote gateway queries exactly like the reference evaluator")
    func inMemoryRemote() async {
        let report = await ProductQueryConformance().run(remote: { InMemoryProductRemote() })
        #expect(report.failures == [])
        #expect(report.passed == ["queryParity", "paginationUnderInserts"])
    }

    @Test("a corrupt stored product is a typed error naming it, and other products stay readable")
    func corruptProduct() async throws {
        let storage = InMemoryStorageProvider()
        let store = StorageProductStore(storage: storage)
        let good = try Product.new(barcode: nil, title: "Good", id: UUID(), now: .distantPast)
        let bad = try Product.new(barcode: nil, title: "Bad", id: UUID(), now: .distantPast)
        var transaction = ProductLocalTransaction()
        transaction.products = [.init(product: good, syncState: .synced), .init(product: bad, syncState: .synced)]
        try await store.commit(transaction)
        await storage.corrupt(bad.productId.recordID, in: StorageProductStore.productCollection, scope: .domain, payload: Data("{".utf8))
        await #expect(throws: StorageError.self) { try await store.product(bad.productId) }
        #expect(try await store.product(good.productId) == good)
    }
}

@Suite("Product store contract beyond queries")
struct ProductStoreContractTests {
    @Test("StorageProductStore keeps the ProductStore contract on the in-memory provider")
    func storageProductStore() async {
        let report = await ProductStoreConformance().run { StorageProductStore(storage: InMemoryStorageProvider()) }
        #expect(report.failures == [])
        #expect(report.passed == ProductStoreConformance.checks)
    }

    @Test("the protocols' default batched reads keep the contract too")
    func defaultImplementations() async {
        let report = await ProductStoreConformance().run {
            PointReadsOnly(base: StorageProductStore(storage: InMemoryStorageProvider()))
        }
        #expect(report.failures == [])
        #expect(report.passed == ProductStoreConformance.checks)
    }

    @Test("a push round finds a due change behind more waiting changes than ten times the round's size")
    func dueChangeBehindWaitingOnes() async throws {
        let storage = InMemoryStorageProvider()
        let remote = InMemoryProductRemote()
        let clock = ManualClock(Date(timeIntervalSince1970: 1_780_000_000))
        func service(pushBatchSize: Int) -> ProductModuleService {
            ProductModuleService(
                storage: storage, remote: remote,
                strategy: ProductSyncStrategy(
                    readPolicy: .localOnly, writePolicy: .localThenEnqueue,
                    retryPolicy: RetryPolicy(baseDelay: 600, maxDelay: 600, maxAttempts: 5), pushBatchSize: pushBatchSize),
                replicaID: ReplicaID("phone"), clock: clock.clock, random: .seeded(7))
        }
        let waiting = try (0..<15).map { try Product.new(barcode: nil, title: "Waiting \($0)", id: UUID(), now: clock.now) }
        try await service(pushBatchSize: 100).addProducts(waiting)
        await remote.failNextCalls(1)
        _ = try await service(pushBatchSize: 100).syncPending()  // one failed round: all fifteen wait for a retry
        #expect(try await StorageProductStore(storage: storage).dueEntries(at: clock.now, limit: 100).isEmpty)
        let rounds = service(pushBatchSize: 1)
        let late = try Product.new(barcode: nil, title: "Late", id: UUID(), now: clock.now)
        try await rounds.addProducts([late])
        let report = try await rounds.syncPending()
        #expect(report.pushed == 1)
        #expect(await remote.records()[late.productId] != nil)
        #expect(try await rounds.pendingCount() == 15)
    }
}

/// A store that forwards only the ports' base requirements, so every batched read runs the default
/// implementation over the point reads.
private struct PointReadsOnly: ProductStore {
    let base: any ProductStore

    func product(_ id: ProductID) async throws -> Product? { try await base.product(id) }
    func tombstone(_ id: ProductID) async throws -> ProductTombstone? { try await base.tombstone(id) }
    func query(_ query: ProductQuery) async throws -> ProductPage { try await base.query(query) }
    func commit(_ transaction: ProductLocalTransaction) async throws { try await base.commit(transaction) }
    func syncRecord(_ id: ProductID) async throws -> ProductSyncRecord? { try await base.syncRecord(id) }
    func pendingEntries(limit: Int) async throws -> [ProductOutboxEntry] { try await base.pendingEntries(limit: limit) }
    func quarantinedEntries() async throws -> [ProductOutboxEntry] { try await base.quarantinedEntries() }
    func pendingEntry(for id: ProductID) async throws -> ProductOutboxEntry? { try await base.pendingEntry(for: id) }
    func outboxCount() async throws -> Int { try await base.outboxCount() }
    func lastSequence() async throws -> Int64 { try await base.lastSequence() }
    func pullCursor() async throws -> Int64? { try await base.pullCursor() }
}
