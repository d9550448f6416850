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
        await storage.corrupt(bad.productID.recordID, in: StorageProductStore.productCollection, scope: .domain, payload: Data("{".utf8))
        await #expect(throws: StorageError.self) { try await store.product(bad.productID) }
        #expect(try await store.product(good.productID) == good)
    }

    @Test("a product page lists the readable products and names each corrupt one in damaged, once, across pages")
    func corruptProductInPages() async throws {
        let storage = InMemoryStorageProvider()
        let store = StorageProductStore(storage: storage)
        let products = try (0..<5).map { try Product.new(barcode: nil, title: "Item \($0)", id: UUID(), now: .distantPast) }
        var transaction = ProductLocalTransaction()
        transaction.products = products.map { .init(product: $0, syncState: .synced) }
        try await store.commit(transaction)
        for bad in [products[1], products[4]] {
            await storage.corrupt(bad.productID.recordID, in: StorageProductStore.productCollection, scope: .domain, payload: Data("{".utf8))
        }
        var listed: [Product] = []
        var damaged: [DamagedRecord] = []
        var cursor: PageCursor?
        repeat {
            let page = try await store.query(ProductQuery(page: PageRequest(limit: 2, cursor: cursor), sort: .title()))
            listed += page.products
            damaged += page.damaged
            cursor = page.nextCursor
        } while cursor != nil
        #expect(listed == [products[0], products[2], products[3]])
        #expect(damaged.map(\.id) == [products[1].productID.recordID, products[4].productID.recordID])
        #expect(damaged.allSatisfy { $0.collection == StorageProductStore.productCollection && $0.error.isDamagedData })
        // The service hands the same page to the app.
        let service = ProductModuleService(store: store, replicaID: ReplicaID("test"))
        #expect(try await service.retrieveProducts(query: ProductQuery(page: PageRequest(limit: 10), sort: .title())).damaged.count == 2)
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
        #expect(await remote.records()[late.productID] != nil)
        #expect(try await rounds.pendingCount() == 15)
    }
}

@Suite("StorageProductStore: the last outbox sequence outlives its entries")
struct StorageProductStoreSequenceTests {
    @Test("the last sequence survives acknowledging every entry and reopening the store")
    func lastSequenceSurvivesReopening() async throws {
        let storage = InMemoryStorageProvider()
        var transaction = ProductLocalTransaction()
        transaction.outboxEntries = try (1...5).map { try Self.entry($0, sequence: $0) }
        try await StorageProductStore(storage: storage).commit(transaction)
        var acknowledge = ProductLocalTransaction()
        acknowledge.removedOutboxEntries = transaction.outboxEntries.map(\.operationID)
        try await StorageProductStore(storage: storage).commit(acknowledge)

        let reopened = StorageProductStore(storage: storage)
        #expect(try await reopened.outboxCount() == 0)
        #expect(try await reopened.lastSequence() == 5)
        let restarted = StorageProductStore(storage: InMemoryStorageProvider(await storage.snapshot()))
        #expect(try await restarted.lastSequence() == 5)
    }

    @Test("a store written before the mark existed keeps its highest sequence when its entries are acknowledged")
    func storeWithoutMark() async throws {
        let storage = InMemoryStorageProvider()
        let entries = try (1...4).map { try Self.entry($0, sequence: $0 + 6) }
        // The outbox as an earlier version left it: entries, no mark.
        for entry in entries { try await storage.userMetadata.save(entry) }
        let store = StorageProductStore(storage: storage)
        #expect(try await store.lastSequence() == 10)
        var retry = ProductLocalTransaction()
        retry.outboxEntries = [try Self.entry(1, sequence: 7)]
        try await store.commit(retry)
        var acknowledge = ProductLocalTransaction()
        acknowledge.removedOutboxEntries = entries.map(\.operationID)
        try await store.commit(acknowledge)
        #expect(try await store.outboxCount() == 0)
        #expect(try await StorageProductStore(storage: storage).lastSequence() == 10)
    }

    @Test("concurrent commits leave the mark at the highest sequence any of them committed")
    func concurrentCommits() async throws {
        let store = StorageProductStore(storage: InMemoryStorageProvider())
        let entries = try (1...40).map { try Self.entry($0, sequence: $0) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for entry in entries {
                group.addTask {
                    var transaction = ProductLocalTransaction()
                    transaction.outboxEntries = [entry]
                    try await store.commit(transaction)
                }
            }
            try await group.waitForAll()
        }
        var acknowledge = ProductLocalTransaction()
        acknowledge.removedOutboxEntries = entries.map(\.operationID)
        try await store.commit(acknowledge)
        #expect(try await store.lastSequence() == 40)
    }

    /// The outbox entry creating product `number` at `sequence`: its operation id depends on `number` alone.
    private static func entry(_ number: Int, sequence: Int) throws -> ProductOutboxEntry {
        ProductOutboxEntry.fixture(
            creating: try Product.fixture(number: number), sequence: sequence,
            operationID: UUID(fixtureNumber: 1_000 + number))
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
