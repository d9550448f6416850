import Foundation
import GRDB
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import SQLiteStorage
import Testing

@Suite("A failed commit leaves the database unchanged")
struct SQLiteAtomicityTests {
    typealias S = SQLiteTestSupport

    /// A storage with some committed state in every table family.
    private static func seededStorage() async throws -> (SQLiteStorage, SQLiteProductStore) {
        let storage = try SQLiteStorage(path: S.temporaryDatabasePath())
        let store = SQLiteProductStore(storage: storage)
        var transaction = ProductLocalTransaction()
        let existing = try Product.fixture(number: 1, barcoded: true, title: "Existing")
        transaction.products = [.init(product: existing, syncState: .synced)]
        transaction.syncRecords = [Self.syncRecord(existing)]
        transaction.pullCursor = 7
        try await store.commit(transaction)
        try await storage.userMetadata.put(StoredRecord(id: try RecordID("u"), payload: Data("1".utf8)), in: "things")
        try await storage.domainMetadata.put(StoredRecord(id: try RecordID("d"), payload: Data("1".utf8)), in: "things")
        return (storage, store)
    }

    private static func syncRecord(_ product: Product) -> ProductSyncRecord {
        ProductSyncRecord(
            productID: product.productID, status: .pendingUpsert,
            stamp: SyncStamp(updatedAt: product.updatedAt, version: product.version, replicaID: ReplicaID("test")),
            baseStamp: nil, pendingOperationID: UUID(fixtureNumber: 900))
    }

    @Test("a product transaction whose last product breaks the CHECK constraint writes nothing: not the earlier products, outbox entries, sync records or cursor")
    func productConstraintViolation() async throws {
        let (storage, store) = try await Self.seededStorage()
        let before = try await S.dump(storage.reader)
        let good = try Product.fixture(number: 2, title: "Good")
        // A product whose barcode is not its id: the service never builds one, the schema refuses it.
        let bad = Product(
            productID: .generated(UUID(fixtureNumber: 3)), barcode: try Barcode(GTIN.fixtureEAN13(3)), title: "Bad",
            createdAt: S.t0, updatedAt: S.t0)
        var transaction = ProductLocalTransaction()
        transaction.products = [.init(product: good, syncState: .pendingUpsert), .init(product: bad, syncState: .pendingUpsert)]
        transaction.syncRecords = [Self.syncRecord(good)]
        transaction.outboxEntries = [
            ProductOutboxEntry.fixture(creating: good, sequence: 1, operationID: UUID(fixtureNumber: 901), replica: "test")
        ]
        transaction.removedProducts = [try ProductID(GTIN.fixtureEAN13(1))]
        transaction.pullCursor = 99
        let error = await #expect(throws: StorageError.self) { try await store.commit(transaction) }
        guard case .backendFailure(_, let reason)? = error else {
            Issue.record("expected a backend failure, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("CHECK constraint failed"))
        #expect(try await S.dump(storage.reader) == before)
        #expect(try await store.product(good.productID) == nil)
        #expect(try await store.outboxCount() == 0)
        #expect(try await store.pullCursor() == 7)
    }

    @Test("a StorageBatch whose domain write fails its precondition writes nothing in either scope")
    func batchPreconditionFailure() async throws {
        let (storage, _) = try await Self.seededStorage()
        let before = try await S.dump(storage.reader)
        let batch = StorageBatch(
            user: [
                .put(StoredRecord(id: try RecordID("u"), payload: Data("2".utf8)), in: "things"),
                .put(StoredRecord(id: try RecordID("new"), payload: Data("2".utf8)), in: "outbox", precondition: .absent),
            ],
            domain: [
                .delete(try RecordID("d"), in: "things"),
                .put(StoredRecord(id: try RecordID("d"), payload: Data("2".utf8)), in: "things", precondition: .exists),
            ])
        await #expect(throws: StorageError.preconditionFailed(
            collection: "things", id: try RecordID("d"), expected: .exists, actualRevision: nil)) {
            try await storage.commit(batch)
        }
        #expect(try await S.dump(storage.reader) == before)
    }

    @Test("an inventory transaction that cannot be encoded writes nothing")
    func inventoryEncodingFailure() async throws {
        let storage = try SQLiteStorage.inMemory()
        let store = SQLiteInventoryStore(storage: storage)
        let before = try await S.dump(storage.reader)
        let home = try HouseholdID("home")
        let entry = InventoryJournalEntry.fixture(number: 1, in: home, recordedAt: Date(timeIntervalSinceReferenceDate: .nan))
        var transaction = InventoryLocalTransaction()
        transaction.entries = [entry]
        transaction.pullCursor = (home, 3)
        await #expect(throws: StorageError.self) { try await store.commit(transaction) }
        #expect(try await S.dump(storage.reader) == before)
    }
}
