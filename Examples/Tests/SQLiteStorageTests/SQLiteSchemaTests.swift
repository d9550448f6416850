import Foundation
import GRDB
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import SQLiteStorage
import Testing

@Suite("SQLite schema and migrations")
struct SQLiteSchemaTests {
    typealias S = SQLiteTestSupport

    /// A queue whose schema is migrated by a storage, for raw SQL against the real tables.
    private static func migratedQueue() throws -> (DatabaseQueue, SQLiteStorage) {
        let queue = try DatabaseQueue(configuration: SQLiteStorage.makeConfiguration())
        return (queue, try SQLiteStorage(queue))
    }

    @Test("the CHECK constraint rejects a barcode row whose product_id is not the barcode")
    func checkConstraint() throws {
        let (queue, _) = try Self.migratedQueue()
        let barcode = GTIN.fixtureEAN13(1)
        let error = #expect(throws: DatabaseError.self) {
            try queue.write { db in
                try db.execute(
                    sql: "INSERT INTO products (product_id, barcode, status, payload) VALUES (?, ?, 'active', x'7b7d')",
                    arguments: ["prd_00000000-0000-4000-8000-000000000001", barcode])
            }
        }
        #expect(error?.resultCode == .SQLITE_CONSTRAINT)
        #expect(error?.message?.contains("CHECK constraint failed") == true)
        let count = try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM products") }
        #expect(count == 0)
        // A row without a barcode, and a row whose id is its barcode, are accepted.
        try queue.write { db in
            try db.execute(sql: "INSERT INTO products (product_id, status, payload) VALUES ('prd_a', 'active', x'7b7d')")
            try db.execute(
                sql: "INSERT INTO products (product_id, barcode, status, payload) VALUES (?, ?, 'active', x'7b7d')",
                arguments: [barcode, barcode])
        }
    }

    @Test("a barcode belongs to one product: the column is UNIQUE and a second row with it is rejected")
    func uniqueBarcode() throws {
        let (queue, _) = try Self.migratedQueue()
        let barcode = GTIN.fixtureEAN13(2)
        let barcodeIndex = try queue.read { db in
            try db.indexes(on: "products").first { $0.columns == ["barcode"] }
        }
        #expect(barcodeIndex?.isUnique == true)
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO products (product_id, barcode, status, payload) VALUES (?, ?, 'active', x'7b7d')",
                arguments: [barcode, barcode])
        }
        for productID in [barcode, "prd_other"] {
            let error = #expect(throws: DatabaseError.self) {
                try queue.write { db in
                    try db.execute(
                        sql: "INSERT INTO products (product_id, barcode, status, payload) VALUES (?, ?, 'active', x'7b7d')",
                        arguments: [productID, barcode])
                }
            }
            #expect(error?.resultCode == .SQLITE_CONSTRAINT)
        }
        let count = try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM products WHERE barcode = ?", arguments: [barcode]) }
        #expect(count == 1)
    }

    @Test("an empty database is migrated through every named version")
    func migrateEmptyDatabase() async throws {
        let storage = try SQLiteStorage(path: S.temporaryDatabasePath())
        let (applied, tables, productColumns) = try await storage.reader.read { db in
            (
                try SQLiteStorage.migrator.appliedMigrations(db),
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"),
                try db.columns(in: "products").map(\.name)
            )
        }
        #expect(SQLiteStorage.schemaVersions.starts(with: ["v1", "v2", "v3", "v4-record-field-index"]))
        #expect(applied == SQLiteStorage.schemaVersions)
        for table in [
            "records", "blobs", "products", "product_tombstones", "product_sync", "product_outbox", "product_sync_cursor",
            "inventory_journal", "inventory_outbox", "inventory_sync_cursor", "inventory_pull_times", "outbox_sequence_marks",
            "record_field_names", "record_fields",
        ] {
            #expect(tables.contains(table), "missing table \(table)")
        }
        #expect(productColumns.contains("search_text"))
    }

    @Test("a database of schema version v1 keeps its data and gets the later versions, v2's search included")
    func migrateFromPreviousVersion() async throws {
        let path = S.temporaryDatabasePath()
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        var organicMilk = try Product.fixture(number: 1, barcoded: true, title: "Whole Milk", brand: "Acme")
        organicMilk.searchKeywords = ["Organic"]
        let milk = organicMilk
        let bread = try Product.fixture(number: 2, title: "Bread")

        // The app as it shipped with v1: its schema, its rows.
        do {
            let v1 = try DatabaseQueue(path: path, configuration: SQLiteStorage.makeConfiguration())
            try SQLiteStorage.migrator.migrate(v1, upTo: "v1")
            try await v1.write { db in
                for product in [milk, bread] {
                    let fields = product.indexedFields(syncState: .synced)
                    try db.execute(
                        sql: """
                            INSERT INTO products (product_id, barcode, title_key, brand_key, status, sync_state,
                                created_at, updated_at, payload) VALUES (?, ?, ?, ?, ?, 'synced', ?, ?, ?)
                            """,
                        arguments: [
                            product.productID.rawValue, product.barcode?.value, fields["title"]?.stringValue,
                            fields["brand"]?.stringValue, product.status.rawValue,
                            product.createdAt.timeIntervalSinceReferenceDate, product.updatedAt.timeIntervalSinceReferenceDate,
                            try RecordCoding.encode(product),
                        ])
                }
                try db.execute(
                    sql: "INSERT INTO records (scope, collection, id, revision, payload, fields) VALUES ('user', 'notes', 'n1', 3, x'6869', '{}')")
            }
            let columns = try await v1.read { db in try db.columns(in: "products").map(\.name) }
            #expect(!columns.contains("search_text"))
            try v1.close()
        }

        // The new version opens it.
        let storage = try SQLiteStorage(path: path)
        let applied = try await storage.reader.read { db in try SQLiteStorage.migrator.appliedMigrations(db) }
        #expect(applied == SQLiteStorage.schemaVersions)
        let store = SQLiteProductStore(storage: storage)
        #expect(try await store.product(milk.productID) == milk)
        #expect(try await store.product(bread.productID) == bread)
        let note = try await storage.userMetadata.record(try RecordID("n1"), in: "notes")
        #expect(note?.revision == 3 && note?.payload == Data("hi".utf8))
        // v2's search column was filled from the stored products.
        let organic = try await store.query(ProductQuery(filters: [.text("ORGANIC")]))
        #expect(organic.products.map(\.productID) == [milk.productID])
        let acme = try await store.query(ProductQuery(sort: .title(), filters: [.text("acme"), .syncState(.synced)]))
        #expect(acme.products.map(\.productID) == [milk.productID])
        let all = try await store.query(ProductQuery(sort: .title()))
        #expect(all.products.map(\.productID) == [bread.productID, milk.productID])
    }

    @Test("opening a database migrated by a newer version than this one is refused with a typed error")
    func newerDatabase() async throws {
        let path = S.temporaryDatabasePath()
        let storage = try SQLiteStorage(path: path)
        try await storage.reader.read { _ in }
        try storage.close()
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')") }
        try queue.close()
        #expect(throws: StorageError.self) { try SQLiteStorage(path: path) }
    }
}
