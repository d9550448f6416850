import Foundation
import GRDB
import InventoryKit
import InventorySync
import ProductModule
import ProductModuleTesting
import SQLiteStorage
import Testing

/// `SQLiteProductStore.pendingOperationIDs(_:)` reads one field of each sync record with SQLite's JSON functions;
/// a push round settles through it, and reads whole records only where it has no answer.
@Suite("Pending operations are read from the sync records' JSON, corrupt records through the whole read")
struct SQLitePendingOperationTests {
    typealias S = SQLiteTestSupport

    /// Three products added offline, their outbox entries waiting.
    private static func pendingCatalog() async throws -> (DatabaseQueue, SQLiteProductStore, ProductModuleService, InMemoryProductRemote, [Product]) {
        let queue = try DatabaseQueue(configuration: SQLiteStorage.makeConfiguration())
        let store = SQLiteProductStore(storage: try SQLiteStorage(queue))
        let remote = InMemoryProductRemote()
        let service = ProductModuleService(
            store: store, remote: remote, strategy: ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenEnqueue),
            replicaID: ReplicaID("tests"), clock: .constant(S.t0))
        let products = try (1...3).map { try Product.fixture(number: $0) }
        _ = try await service.addProducts(products)
        return (queue, store, service, remote, products)
    }

    @Test("the operations read from the JSON are those the decoded records name")
    func operationsMatchTheDecodedRecords() async throws {
        let (_, store, _, _, products) = try await Self.pendingCatalog()
        let ids = products.map(\.productID) + [try Product.fixture(number: 9).productID]
        let operations = try await store.pendingOperationIDs(ids)
        let records = try await store.syncRecords(ids)
        #expect(operations.count == 3)
        #expect(operations == records.compactMapValues(\.pendingOperationID))
    }

    @Test("a record that is not JSON, or names an operation that is not UUID text, is left out; the whole read names it corrupt")
    func unreadableRecordsAreLeftOut() async throws {
        let (queue, store, _, _, products) = try await Self.pendingCatalog()
        let (broken, numbered, good) = (products[0].productID, products[1].productID, products[2].productID)
        try await queue.write { db in
            try db.execute(sql: "UPDATE product_sync SET payload = x'7b' WHERE product_id = ?", arguments: [broken.rawValue])
            try db.execute(
                sql: "UPDATE product_sync SET payload = CAST(json_set(CAST(payload AS TEXT), '$.pendingOperationID', 42) AS BLOB) WHERE product_id = ?",
                arguments: [numbered.rawValue])
        }
        let operations = try await store.pendingOperationIDs([broken, numbered, good])
        #expect(Array(operations.keys) == [good])
        let error = await #expect(throws: StorageError.self) { try await store.syncRecords([broken]) }
        guard case .corruptRecord(let collection, let id, _)? = error else {
            Issue.record("expected corruptRecord, got \(String(describing: error))")
            return
        }
        #expect(collection == ProductSyncRecord.collection && id == broken.recordID)
    }

    @Test("a push round over a corrupt sync record fails naming it and leaves the outbox as it was; repaired, it delivers every change once")
    func corruptRecordStopsTheRoundWithoutLoss() async throws {
        let (queue, store, service, remote, products) = try await Self.pendingCatalog()
        let broken = products[1].productID
        let saved = try await queue.read { db in
            try Data.fetchOne(db, sql: "SELECT payload FROM product_sync WHERE product_id = ?", arguments: [broken.rawValue])
        }
        try await queue.write { db in
            try db.execute(sql: "UPDATE product_sync SET payload = x'7b' WHERE product_id = ?", arguments: [broken.rawValue])
        }
        let before = try await S.dump(queue)
        let error = await #expect(throws: StorageError.self) { try await service.syncPending() }
        guard case .corruptRecord(let collection, let id, _)? = error else {
            Issue.record("expected corruptRecord, got \(String(describing: error))")
            return
        }
        #expect(collection == ProductSyncRecord.collection && id == broken.recordID)
        #expect(try await S.dump(queue) == before)
        #expect(try await store.outboxCount() == 3)

        try await queue.write { db in
            try db.execute(sql: "UPDATE product_sync SET payload = ? WHERE product_id = ?", arguments: [saved, broken.rawValue])
        }
        let report = try await service.syncPending()
        #expect(report.pushed == 3 && report.remaining == 0)
        #expect(try await store.outboxCount() == 0)
        #expect(Set(await remote.products().map(\.productID)) == Set(products.map(\.productID)))
        #expect(await remote.appliedCount == 3)
        #expect(try await store.syncRecords(products.map(\.productID)).values.allSatisfy { $0.status == .synced })
    }
}
