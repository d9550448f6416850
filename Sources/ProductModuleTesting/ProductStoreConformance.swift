import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule

/// Checks of the `ProductStore` obligations the sync engine and the write commands rely on, beyond queries
/// (those are ``ProductQueryConformance``): creation only of unknown products, due entries, sync state changes
/// without rewriting products, batched reads that agree with the point reads, and a last outbox sequence that
/// outlives the acknowledged entries.
///
/// ```swift
/// @Test func sqliteStoreKeepsTheContract() async {
///     let report = await ProductStoreConformance().run { SQLiteProductStore(storage: try SQLiteStorage.inMemory()) }
///     #expect(report.failures == [])
/// }
/// ```
///
/// Each check runs on a fresh store from `makeStore`.
public struct ProductStoreConformance: Sendable {
    /// The names of the checks, in the order they run.
    public static let checks = ["requiredUnknown", "dueEntries", "syncStateChanges", "batchReads", "lastSequenceAfterRemoval"]

    private static let replica = ReplicaID("conformance")

    /// Creates the suite.
    public init() {}

    /// Runs every check, each on a new store.
    public func run(_ makeStore: @Sendable () async throws -> any ProductStore) async -> ConformanceReport {
        var report = ConformanceReport()
        let checks: [(String, (any ProductStore) async throws -> Void)] = [
            ("requiredUnknown", checkRequiredUnknown), ("dueEntries", checkDueEntries),
            ("syncStateChanges", checkSyncStateChanges), ("batchReads", checkBatchReads),
            ("lastSequenceAfterRemoval", checkLastSequenceAfterRemoval),
        ]
        for (name, check) in checks {
            await report.record(name) { try await check(try await makeStore()) }
        }
        return report
    }

    // MARK: - Checks

    /// A transaction that requires unknown products writes nothing when a product, tombstone or sync record of
    /// one exists, and commits when none does.
    private func checkRequiredUnknown(_ store: any ProductStore) async throws {
        let check = "requiredUnknown"
        let (stored, tombstoned, recorded, fresh, bystander) = (
            try Product.fixture(number: 1), try Product.fixture(number: 2), try Product.fixture(number: 3),
            try Product.fixture(number: 4), try Product.fixture(number: 5)
        )
        var setup = ProductLocalTransaction()
        setup.products = [.init(product: stored, syncState: .synced)]
        setup.tombstones = [
            ProductTombstone(
                productID: tombstoned.productID, stamp: SyncStamp.fixture(version: 1, replica: Self.replica))
        ]
        setup.syncRecords = [Self.syncedRecord(recorded.productID)]
        try await store.commit(setup)
        for known in [stored, tombstoned, recorded] {
            var transaction = Self.creation(of: [bystander, known])
            transaction.requiredUnknown = [bystander.productID, known.productID]
            do {
                try await store.commit(transaction)
                throw ConformanceFailure(check: check, message: "committed although \(known.productID) is known")
            } catch StorageError.preconditionFailed {
                // expected
            }
            guard try await store.product(bystander.productID) == nil, try await store.syncRecord(bystander.productID) == nil
            else {
                throw ConformanceFailure(check: check, message: "a failed transaction wrote part of itself")
            }
        }
        var transaction = Self.creation(of: [fresh])
        transaction.requiredUnknown = [fresh.productID]
        try await store.commit(transaction)
        guard try await store.product(fresh.productID) == fresh else {
            throw ConformanceFailure(check: check, message: "an unknown product was not created")
        }
    }

    /// Due entries skip waiting and quarantined entries, come in enqueue order, and are found behind any number
    /// of waiting ones.
    private func checkDueEntries(_ store: any ProductStore) async throws {
        let check = "dueEntries"
        let now = Date.fixtureEpoch
        var transaction = ProductLocalTransaction()
        for sequence in 1...25 {
            transaction.outboxEntries.append(try Self.entry(sequence, nextAttemptAt: now + 60))
        }
        transaction.outboxEntries.append(try Self.entry(26, quarantined: true))
        transaction.outboxEntries.append(try Self.entry(27))
        transaction.outboxEntries.append(try Self.entry(28, nextAttemptAt: now - 1))
        transaction.outboxEntries.append(try Self.entry(29, nextAttemptAt: now))
        try await store.commit(transaction)
        let expectations: [(Date, Int, [Int64])] = [
            (now, 10, [27, 28, 29]), (now, 2, [27, 28]), (now + 61, 3, [1, 2, 3]), (now - 2, 5, [27]),
        ]
        for (at, limit, expected) in expectations {
            let due = try await store.dueEntries(at: at, limit: limit).map(\.sequence)
            guard due == expected else {
                throw ConformanceFailure(
                    check: check, message: "due at +\(at.timeIntervalSince(now)) s, limit \(limit): \(due), expected \(expected)")
            }
        }
    }

    /// A sync state change re-indexes a stored product without changing it, wins over a write of the same
    /// product in the same transaction, and skips products that are not stored.
    private func checkSyncStateChanges(_ store: any ProductStore) async throws {
        let check = "syncStateChanges"
        let (first, second, missing) = (
            try Product.fixture(number: 1), try Product.fixture(number: 2), try Product.fixture(number: 3)
        )
        try await store.commit(Self.creation(of: [first], syncState: .pendingUpsert))
        var transaction = ProductLocalTransaction()
        transaction.products = [.init(product: second, syncState: .pendingUpsert)]
        transaction.syncStateChanges = [
            .init(productID: first.productID, syncState: .synced), .init(productID: second.productID, syncState: .failed),
            .init(productID: missing.productID, syncState: .synced),
        ]
        try await store.commit(transaction)
        let synced = try await store.query(ProductQuery(filters: [.syncState(.synced)])).products
        let failed = try await store.query(ProductQuery(filters: [.syncState(.failed)])).products
        let pending = try await store.query(ProductQuery(filters: [.syncState(.pendingUpsert)])).products
        guard synced == [first], failed == [second], pending.isEmpty else {
            throw ConformanceFailure(
                check: check,
                message: "by sync state: synced \(synced.map(\.productID)), failed \(failed.map(\.productID)), "
                    + "pending \(pending.map(\.productID))")
        }
        guard try await store.product(missing.productID) == nil else {
            throw ConformanceFailure(check: check, message: "a sync state change created a product")
        }
    }

    /// `localStates(_:)` and `syncRecords(_:)` answer what the point reads answer, for known and unknown ids, and
    /// `pendingOperationIDs(_:)` the operations those records name.
    private func checkBatchReads(_ store: any ProductStore) async throws {
        let check = "batchReads"
        let products = try (1...6).map { try Product.fixture(number: $0) }
        var transaction = Self.creation(of: Array(products[0...2]), syncState: .pendingUpsert)
        transaction.tombstones = [
            ProductTombstone(
                productID: products[3].productID, stamp: SyncStamp.fixture(version: 2, replica: Self.replica))
        ]
        transaction.syncRecords.append(Self.syncedRecord(products[3].productID))
        try await store.commit(transaction)
        let ids = products.map(\.productID) + [products[0].productID]
        let states = try await store.localStates(ids)
        let records = try await store.syncRecords(ids)
        for id in ids {
            let state = states[id] ?? ProductLocalState()
            let record = try await store.syncRecord(id)
            let expected = ProductLocalState(
                product: try await store.product(id), tombstone: try await store.tombstone(id), syncRecord: record,
                pendingEntry: try await store.pendingEntry(for: id))
            guard state == expected, records[id] == record else {
                throw ConformanceFailure(check: check, message: "the batched reads of \(id) differ from the point reads")
            }
        }
        let operations = try await store.pendingOperationIDs(ids)
        guard operations == records.compactMapValues(\.pendingOperationID), operations.count == 3 else {
            throw ConformanceFailure(
                check: check, message: "pendingOperationIDs answered \(operations.count) operations, not the 3 the sync records name")
        }
        guard states[products[0].productID]?.pendingEntry != nil, states[products[3].productID]?.tombstone != nil else {
            throw ConformanceFailure(check: check, message: "the batched reads missed a pending entry or a tombstone")
        }
    }

    /// `lastSequence()` is the highest sequence ever committed: it stays when every entry was acknowledged and
    /// removed, and a later commit of lower sequences does not lower it.
    private func checkLastSequenceAfterRemoval(_ store: any ProductStore) async throws {
        let check = "lastSequenceAfterRemoval"
        let initial = try await store.lastSequence()
        guard initial == 0 else {
            throw ConformanceFailure(check: check, message: "a new store's last sequence is \(initial), not 0")
        }
        var transaction = ProductLocalTransaction()
        transaction.outboxEntries = try (1...5).map { try Self.entry($0) }
        try await store.commit(transaction)
        var acknowledge = ProductLocalTransaction()
        acknowledge.removedOutboxEntries = transaction.outboxEntries.map(\.operationID)
        try await store.commit(acknowledge)
        let count = try await store.outboxCount()
        let last = try await store.lastSequence()
        guard count == 0, last == 5 else {
            throw ConformanceFailure(
                check: check, message: "after removing entries 1...5: \(count) entries left, last sequence \(last), expected 5")
        }
        var lower = ProductLocalTransaction()
        lower.outboxEntries = [try Self.entry(2)]
        try await store.commit(lower)
        let afterLower = try await store.lastSequence()
        guard afterLower == 5 else {
            throw ConformanceFailure(check: check, message: "committing sequence 2 after 5 made the last sequence \(afterLower)")
        }
    }

    // MARK: - Data

    private static func syncedRecord(_ id: ProductID) -> ProductSyncRecord {
        let stamp = SyncStamp.fixture(version: 1, replica: replica)
        return ProductSyncRecord(
            productID: id, status: .synced, stamp: stamp, baseStamp: stamp, lastSyncedAt: .fixtureEpoch)
    }

    /// What `addProducts` commits for new products: each product, a pending sync record and an outbox entry.
    private static func creation(of products: [Product], syncState: SyncStatusKind = .pendingUpsert) -> ProductLocalTransaction {
        var transaction = ProductLocalTransaction()
        for (index, product) in products.enumerated() {
            let entry = ProductOutboxEntry.fixture(
                creating: product, sequence: index + 1, operationID: UUID(fixtureNumber: 1_000 + index),
                replica: replica)
            transaction.products.append(.init(product: product, syncState: syncState))
            transaction.syncRecords.append(
                ProductSyncRecord(
                    productID: product.productID, status: .pendingUpsert, stamp: entry.payload.stamp, baseStamp: nil,
                    pendingOperationID: entry.operationID))
            transaction.outboxEntries.append(entry)
        }
        return transaction
    }

    /// The outbox entry creating product `sequence`, enqueued at that sequence.
    private static func entry(_ sequence: Int, nextAttemptAt: Date? = nil, quarantined: Bool = false) throws -> ProductOutboxEntry {
        ProductOutboxEntry.fixture(
            creating: try Product.fixture(number: sequence), sequence: sequence,
            operationID: UUID(fixtureNumber: 2_000 + sequence), replica: replica, nextAttemptAt: nextAttemptAt,
            quarantined: quarantined)
    }
}
