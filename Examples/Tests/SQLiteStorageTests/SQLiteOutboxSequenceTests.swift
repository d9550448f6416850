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

/// The native stores' last outbox sequence is the highest they ever committed: it outlives the acknowledged
/// entries and a restart of the app, so sequences are never handed out twice.
@Suite("SQLite outbox sequences survive acknowledgement and reopening")
struct SQLiteOutboxSequenceTests {
    typealias S = SQLiteTestSupport

    private static let home = HouseholdID(rawValue: "home") ?? HouseholdID(UUID())

    @Test("SQLiteProductStore: every entry acknowledged, the database closed and reopened, the last sequence stays")
    func productStoreReopened() async throws {
        let path = S.temporaryDatabasePath()
        do {
            let storage = try SQLiteStorage(path: path)
            let store = SQLiteProductStore(storage: storage)
            var transaction = ProductLocalTransaction()
            transaction.outboxEntries = try (1...5).map {
                ProductOutboxEntry.fixture(
                    creating: try Product.fixture(number: $0), sequence: $0, operationID: UUID(fixtureNumber: 1_000 + $0))
            }
            try await store.commit(transaction)
            var acknowledge = ProductLocalTransaction()
            acknowledge.removedOutboxEntries = transaction.outboxEntries.map(\.operationID)
            try await store.commit(acknowledge)
            #expect(try await store.outboxCount() == 0)
            try storage.close()
        }
        let storage = try SQLiteStorage(path: path)
        let store = SQLiteProductStore(storage: storage)
        #expect(try await store.lastSequence() == 5)
        var lower = ProductLocalTransaction()
        lower.outboxEntries = [
            ProductOutboxEntry.fixture(
                creating: try Product.fixture(number: 6), sequence: 3, operationID: UUID(fixtureNumber: 1_006))
        ]
        try await store.commit(lower)
        #expect(try await store.lastSequence() == 5)
        // The inventory outbox keeps its own mark.
        #expect(try await SQLiteInventoryStore(storage: storage).lastOutboxSequence() == 0)
    }

    @Test("SQLiteInventoryStore: every entry acknowledged, the database closed and reopened, the last sequence stays")
    func inventoryStoreReopened() async throws {
        let path = S.temporaryDatabasePath()
        do {
            let storage = try SQLiteStorage(path: path)
            let store = SQLiteInventoryStore(storage: storage)
            let entries = (1...5).map { InventoryJournalEntry.fixture(number: $0, in: Self.home) }
            var transaction = InventoryLocalTransaction()
            transaction.entries = entries
            transaction.outboxEntries = entries.enumerated().map { InventoryOutboxEntry.fixture($1, sequence: $0 + 1) }
            try await store.commit(transaction)
            var acknowledge = InventoryLocalTransaction()
            acknowledge.removedOutboxEntries = entries.map(\.id)
            try await store.commit(acknowledge)
            #expect(try await store.outboxCount() == 0)
            try storage.close()
        }
        let storage = try SQLiteStorage(path: path)
        #expect(try await SQLiteInventoryStore(storage: storage).lastOutboxSequence() == 5)
        #expect(try await SQLiteProductStore(storage: storage).lastSequence() == 0)
    }

    @Test("a v2 database gets marks at the highest sequences its outboxes hold, kept when those are acknowledged")
    func migrationSeedsTheMarks() async throws {
        let path = S.temporaryDatabasePath()
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        let productOperations = (1...3).map { UUID(fixtureNumber: 100 + $0) }
        let inventoryOperations = (1...2).map { UUID(fixtureNumber: 200 + $0) }

        // The app as it shipped with v2: outbox rows, no marks.
        do {
            let v2 = try DatabaseQueue(path: path, configuration: SQLiteStorage.makeConfiguration())
            try SQLiteStorage.migrator.migrate(v2, upTo: "v2")
            try await v2.write { db in
                for (table, operations, first) in [
                    ("product_outbox", productOperations, 7), ("inventory_outbox", inventoryOperations, 4),
                ] {
                    for (index, operation) in operations.enumerated() {
                        try db.execute(
                            sql: """
                                INSERT INTO \(table) (operation_id, entity_id, sequence, quarantined, payload)
                                VALUES (?, 'entity', ?, 0, x'7b7d')
                                """,
                            arguments: [RecordID(operation).rawValue, first + index])
                    }
                }
            }
            try v2.close()
        }

        let storage = try SQLiteStorage(path: path)
        let marks = try await storage.reader.read { db in
            try Row.fetchAll(db, sql: "SELECT outbox, value FROM outbox_sequence_marks ORDER BY outbox")
                .map { (try $0.decode(String.self, atIndex: 0), try $0.decode(Int64.self, atIndex: 1)) }
        }
        #expect(marks.map(\.0) == ["inventory_outbox", "product_outbox"])
        #expect(marks.map(\.1) == [5, 9])
        let products = SQLiteProductStore(storage: storage)
        var acknowledgeProducts = ProductLocalTransaction()
        acknowledgeProducts.removedOutboxEntries = productOperations
        try await products.commit(acknowledgeProducts)
        let inventory = SQLiteInventoryStore(storage: storage)
        var acknowledgeInventory = InventoryLocalTransaction()
        acknowledgeInventory.removedOutboxEntries = inventoryOperations
        try await inventory.commit(acknowledgeInventory)
        #expect(try await products.outboxCount() == 0)
        #expect(try await inventory.outboxCount() == 0)
        #expect(try await products.lastSequence() == 9)
        #expect(try await inventory.lastOutboxSequence() == 5)
    }

    @Test("an empty v2 database gets no marks, and its stores start at 0")
    func migrationOfEmptyOutboxes() async throws {
        let queue = try DatabaseQueue(configuration: SQLiteStorage.makeConfiguration())
        try SQLiteStorage.migrator.migrate(queue, upTo: "v2")
        let storage = try SQLiteStorage(queue)
        let count = try await storage.reader.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox_sequence_marks")
        }
        #expect(count == 0)
        #expect(try await SQLiteProductStore(storage: storage).lastSequence() == 0)
        #expect(try await SQLiteInventoryStore(storage: storage).lastOutboxSequence() == 0)
    }
}
