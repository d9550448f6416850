import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import Testing

private typealias F = SyncFixtures

/// Overlapping calls on one catalog behave as if run one at a time: actors are re-entrant at every `await`, so
/// each of these fired many calls at once on the code before the serial gate and broke.
@Suite("Product commands under concurrent calls")
struct ConcurrentProductCommandTests {
    @Test("of 100 overlapping updates from one version exactly one succeeds, the others are stale")
    func oneUpdateWins() async throws {
        // A store that takes a moment for each read and commit, as a disk does, so the calls really overlap.
        let service = ProductModuleService(
            store: SlowProductStore(base: StorageProductStore(storage: InMemoryStorageProvider())),
            strategy: ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenEnqueue), replicaID: ReplicaID("a"))
        let milk = try Product.fixture(number: 7, barcoded: true, title: "Milk")
        let added = try await service.addProducts([milk]).added[0]
        let outcomes = await withTaskGroup(of: Result<Int, ProductModuleError>.self) { group in
            for index in 0..<100 {
                group.addTask {
                    var edit = added
                    edit.title = "Milk \(index)"
                    do {
                        return .success(try await service.updateProducts([edit]).updated.count)
                    } catch let error as ProductModuleError {
                        return .failure(error)
                    } catch {
                        return .failure(.notFound(added.productID))
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let successes = outcomes.filter { if case .success(1) = $0 { true } else { false } }
        #expect(successes.count == 1)
        let stale = outcomes.filter {
            if case .failure(.staleVersion(added.productID, stored: added.version + 1, submitted: added.version)) = $0 { true } else { false }
        }
        #expect(stale.count == 99)
        let stored = try #require(try await service.retrieveProduct(by: .productID(added.productID)))
        #expect(stored.version == added.version + 1)
        #expect(try await service.pendingCount() == 1)
    }

    @Test("1,000 overlapping adds get unique outbox sequences")
    func uniqueSequences() async throws {
        let service = ProductModuleService(
            store: SlowProductStore(base: StorageProductStore(storage: InMemoryStorageProvider())),
            strategy: ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenEnqueue), replicaID: ReplicaID("a"))
        let products = try (0..<1_000).map {
            try Product.fixture(number: 10_000 + $0, barcoded: true, title: "Item \($0)")
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for product in products {
                group.addTask { try await service.addProducts([product]) }
            }
            try await group.waitForAll()
        }
        let outbox = try await service.store.pendingEntries(limit: RecordQuery.maximumLimit)
        #expect(outbox.count == 1_000)
        #expect(Set(outbox.map(\.sequence)).count == 1_000)
    }

    @Test("50 overlapping bulk adds get unique outbox sequences, each command's entries consecutive in its order")
    func bulkCommandsReserveConsecutiveSequences() async throws {
        let service = ProductModuleService(
            store: SlowProductStore(base: StorageProductStore(storage: InMemoryStorageProvider())),
            strategy: ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenEnqueue), replicaID: ReplicaID("a"))
        let batches = try (0..<50).map { batch in
            try (0..<20).map { try Product.fixture(number: 20_000 + batch * 20 + $0, barcoded: true, title: "Item \($0)") }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for batch in batches {
                group.addTask { try await service.addProducts(batch) }
            }
            try await group.waitForAll()
        }
        let outbox = try await service.store.pendingEntries(limit: RecordQuery.maximumLimit)
        #expect(outbox.count == 1_000)
        #expect(Set(outbox.map(\.sequence)).count == 1_000)
        let sequences = Dictionary(uniqueKeysWithValues: outbox.map { ($0.entityID, $0.sequence) })
        for batch in batches {
            let numbers = batch.compactMap { sequences[$0.productID.rawValue] }
            #expect(numbers.count == 20)
            #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $1 == $0 + 1 })
        }
    }

    @Test("edits interleaved with sync passes end with every record synced and equal to the remote")
    func editsAndSyncInterleave() async throws {
        let remote = InMemoryProductRemote()
        let device = F.Device("a", remote: remote)
        let service = device.service
        let ids = try await service.addProducts(
            try (0..<20).map { try Product.fixture(number: 500 + $0, barcoded: true, title: "Item \($0)") }
        ).added.map(\.productID)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for round in 0..<10 {
                for id in ids {
                    group.addTask {
                        guard var product = try await service.retrieveProduct(by: .productID(id)) else { return }
                        product.title = "Item \(id.rawValue) v\(round)"
                        _ = try? await service.updateProducts([product])
                    }
                }
                group.addTask { try await service.syncPending() }
            }
            try await group.waitForAll()
        }
        let final = try await service.syncPending()
        #expect(final.remaining == 0)
        let local = try await device.products()
        #expect(local.count == 20)
        for product in local {
            #expect(try await service.syncStatus(of: product.productID) == .synced)
        }
        let remoteProducts = await remote.products().sorted { $0.productID < $1.productID }
        #expect(remoteProducts == local)
    }
}

/// A product store that pauses briefly in every read and commit of the command path, as a store on disk does:
/// overlapping calls then really interleave at those suspension points.
private struct SlowProductStore: ProductStore {
    let base: StorageProductStore

    private func pause() async { try? await Task.sleep(nanoseconds: 200_000) }

    func product(_ id: ProductID) async throws -> Product? { try await base.product(id) }
    func tombstone(_ id: ProductID) async throws -> ProductTombstone? { try await base.tombstone(id) }
    func query(_ query: ProductQuery) async throws -> ProductPage { try await base.query(query) }
    func commit(_ transaction: ProductLocalTransaction) async throws {
        await pause()
        try await base.commit(transaction)
    }
    func syncRecord(_ id: ProductID) async throws -> ProductSyncRecord? { try await base.syncRecord(id) }
    func pendingEntries(limit: Int) async throws -> [ProductOutboxEntry] { try await base.pendingEntries(limit: limit) }
    func quarantinedEntries() async throws -> [ProductOutboxEntry] { try await base.quarantinedEntries() }
    func pendingEntry(for id: ProductID) async throws -> ProductOutboxEntry? { try await base.pendingEntry(for: id) }
    func outboxCount() async throws -> Int { try await base.outboxCount() }
    func lastSequence() async throws -> Int64 {
        await pause()
        return try await base.lastSequence()
    }
    func pullCursor() async throws -> Int64? { try await base.pullCursor() }
    func localStates(_ ids: [ProductID]) async throws -> [ProductID: ProductLocalState] {
        await pause()
        return try await base.localStates(ids)
    }
}
