import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import SQLiteStorage
import Testing

/// `ProductLocalTransaction.requiredUnknown` is checked with one `IN (…)` query per table and 500 ids; these tests
/// hold it to the per-id check it replaced: the first table (products, tombstones, sync records) that knows an id
/// fails the commit, naming the first known id in the list's order, and nothing is written.
@Suite("A commit that requires unknown products checks them in batches")
struct SQLiteRequiredUnknownTests {
    typealias S = SQLiteTestSupport

    /// A store holding the product numbered 700 and 20, a tombstone of 5 and a sync record of 900.
    private static func seededStore() async throws -> (SQLiteStorage, SQLiteProductStore) {
        let storage = try SQLiteStorage.inMemory()
        let store = SQLiteProductStore(storage: storage)
        var setup = ProductLocalTransaction()
        setup.products = try [700, 20].map { .init(product: try Product.fixture(number: $0), syncState: .synced) }
        let stamp = SyncStamp.fixture(version: 1)
        setup.tombstones = [ProductTombstone(productID: try Product.fixture(number: 5).productID, stamp: stamp)]
        setup.syncRecords = [
            ProductSyncRecord(
                productID: try Product.fixture(number: 900).productID, status: .synced, stamp: stamp, baseStamp: stamp,
                lastSyncedAt: S.t0)
        ]
        try await store.commit(setup)
        return (storage, store)
    }

    /// The creation of the products numbered `numbers`, requiring each to be unknown, in that order.
    private static func creation(of numbers: [Int]) throws -> ProductLocalTransaction {
        var transaction = ProductLocalTransaction()
        for number in numbers {
            let product = try Product.fixture(number: number)
            transaction.products.append(.init(product: product, syncState: .pendingUpsert))
            transaction.outboxEntries.append(
                ProductOutboxEntry.fixture(
                    creating: product, sequence: number + 1, operationID: UUID(fixtureNumber: 100_000 + number)))
        }
        transaction.requiredUnknown = try numbers.map { try Product.fixture(number: $0).productID }
        return transaction
    }

    /// 1 200 numbers (three chunks) in a shuffled but fixed order, with the `known` ones at the given positions.
    private static func numbers(placing known: [(number: Int, position: Int)]) -> [Int] {
        let reserved = Set([700, 20, 5, 900])
        var numbers = (1_000..<3_800).filter { $0 % 2 == 0 && !reserved.contains($0) }.prefix(1_200 - known.count)
            .map { $0 }
        var generator = SeededRandomNumberGenerator(seed: 31)
        numbers.shuffle(using: &generator)
        for (number, position) in known.sorted(by: { $0.position < $1.position }) { numbers.insert(number, at: position) }
        return numbers
    }

    @Test(
        "the first table that knows an id names the first known id of the list, across chunks",
        arguments: [
            // Both stored products known: 700 comes first in the list (second chunk), 20 later (third chunk).
            ([(700, 640), (20, 1_100), (5, 3), (900, 0)], "products", 700),
            // The same ids, 20 first.
            ([(20, 510), (700, 999), (900, 2)], "products", 20),
            // No stored product: the tombstone is checked before the sync record, whatever their positions.
            ([(900, 0), (5, 1_150)], "product-tombstones", 5),
            // Only a sync record knows its id.
            ([(900, 777)], "product-sync", 900),
        ] as [([(Int, Int)], String, Int)])
    func firstKnownIDIsNamed(known: [(Int, Int)], collection: String, expected: Int) async throws {
        let (storage, store) = try await Self.seededStore()
        let before = try await S.dump(storage.reader)
        let transaction = try Self.creation(of: Self.numbers(placing: known.map { ($0.0, $0.1) }))
        let error = await #expect(throws: StorageError.self) { try await store.commit(transaction) }
        guard case .preconditionFailed(let named, let id, let expectation, nil)? = error else {
            Issue.record("expected a failed precondition, got \(String(describing: error))")
            return
        }
        #expect(named.rawValue == collection)
        #expect(id == (try Product.fixture(number: expected).productID.recordID))
        #expect(expectation == .absent)
        #expect(try await S.dump(storage.reader) == before)
    }

    @Test("a commit of 1 200 unknown products, and of one, writes them all")
    func unknownProductsAreWritten() async throws {
        let (_, store) = try await Self.seededStore()
        let numbers = Self.numbers(placing: [])
        try await store.commit(try Self.creation(of: numbers))
        try await store.commit(try Self.creation(of: [1]))
        let stored = try await store.products(try (numbers + [1]).map { try Product.fixture(number: $0).productID })
        #expect(stored.count == 1_201)
        #expect(try await store.outboxCount() == 1_201)
    }
}
