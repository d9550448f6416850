import Foundation
import GRDB
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import SQLiteStorage
import Testing

/// A commit of many products is encoded while its transaction writes, a slice at a time; it must write what a
/// commit encoded beforehand writes, and nothing at all when a row cannot be encoded or a check fails.
@Suite("SQLite product commits encoded while they write")
struct SQLiteLargeCommitTests {
    typealias S = SQLiteTestSupport

    /// A commit adding `count` products with their sync records and outbox entries; the product at `broken` (if
    /// any) has a nutrition value no JSON can hold.
    private static func additions(_ range: Range<Int>, broken: Int? = nil) throws -> ProductLocalTransaction {
        var transaction = ProductLocalTransaction()
        for number in range {
            var product = try Product.fixture(number: number, barcoded: number.isMultiple(of: 2), title: "Product \(number)")
            if number == broken {
                product.productDetails = .food(FoodDetails(nutritionPer100gOrMl: NutritionFacts(energyKcal: .infinity)))
            }
            transaction.products.append(.init(product: product, syncState: .pendingUpsert))
            transaction.syncRecords.append(
                ProductSyncRecord(
                    productID: product.productID, status: .pendingUpsert,
                    stamp: SyncStamp(updatedAt: product.updatedAt, version: 1, replicaID: ReplicaID("test")),
                    baseStamp: nil, pendingOperationID: UUID(fixtureNumber: 10_000 + number)))
            transaction.outboxEntries.append(
                ProductOutboxEntry.fixture(
                    creating: product, sequence: number + 1, operationID: UUID(fixtureNumber: 10_000 + number),
                    replica: "test"))
        }
        return transaction
    }

    @Test("a large commit writes the rows that the same products written in small commits write, byte for byte")
    func largeCommitWritesWhatSmallCommitsWrite() async throws {
        let count = 1_000
        let large = try SQLiteStorage.inMemory()
        try await SQLiteProductStore(storage: large).commit(try Self.additions(0..<count))
        let small = try SQLiteStorage.inMemory()
        for start in stride(from: 0, to: count, by: 100) {
            try await SQLiteProductStore(storage: small).commit(try Self.additions(start..<start + 100))
        }
        let largeRows = try await S.dump(large.reader)
        #expect(largeRows == (try await S.dump(small.reader)))
        #expect(try await SQLiteProductStore(storage: large).outboxCount() == count)
    }

    @Test("a row that cannot be encoded, late in a large commit, fails it and writes nothing", arguments: [0, 700, 999])
    func encodingFailureWritesNothing(_ broken: Int) async throws {
        let storage = try SQLiteStorage(path: S.temporaryDatabasePath())
        let store = SQLiteProductStore(storage: storage)
        try await store.commit(try Self.additions(5_000..<5_001))
        let before = try await S.dump(storage.reader)
        let error = await #expect(throws: StorageError.self) { try await store.commit(try Self.additions(0..<1_000, broken: broken)) }
        guard case .encodingFailed(let collection, let id, _)? = error else {
            Issue.record("expected an encoding failure, got \(String(describing: error))")
            return
        }
        #expect(collection == StorageProductStore.productCollection)
        #expect(id.rawValue == (try Product.fixture(number: broken, barcoded: broken.isMultiple(of: 2))).productID.rawValue)
        #expect(try await S.dump(storage.reader) == before)
        // The store writes again afterwards.
        try await store.commit(try Self.additions(0..<300))
        #expect(try await store.outboxCount() == 301)
    }

    @Test("a large commit whose required-unknown check fails writes nothing, and the next commit writes")
    func failedCheckWritesNothing() async throws {
        let storage = try SQLiteStorage(path: S.temporaryDatabasePath())
        let store = SQLiteProductStore(storage: storage)
        try await store.commit(try Self.additions(999..<1_000))
        let before = try await S.dump(storage.reader)
        var transaction = try Self.additions(0..<1_000)
        transaction.products.removeLast()
        transaction.syncRecords.removeLast()
        transaction.outboxEntries.removeLast()
        transaction.requiredUnknown = transaction.products.map(\.product.productID) + [try Product.fixture(number: 999).productID]
        await #expect(throws: StorageError.self) { try await store.commit(transaction) }
        #expect(try await S.dump(storage.reader) == before)
        transaction.requiredUnknown.removeLast()
        try await store.commit(transaction)
        #expect(try await store.outboxCount() == 1_000)
    }
}
