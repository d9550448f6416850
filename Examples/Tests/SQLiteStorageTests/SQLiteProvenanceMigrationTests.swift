import Foundation
import GRDB
import InventoryKit
import InventorySync
import ProductImport
import ProductModule
import ProductModuleTesting
import SQLiteStorage
import Testing

/// `v11-provenance-stated-once`: a store written before it — products and outbox entries whose provenance states
/// every field's source in full — opens with each product's provenance stated once per source, equal as read, and
/// nothing else of the rows changed.
@Suite("SQLite store: provenance stated once")
struct SQLiteProvenanceMigrationTests {
    /// Provenance exactly as stores before `v11` hold it: every field repeats its provider, date and revision.
    static let earlierForm = #"""
        {"contributors":["openfoodfacts","csv"],"fields":{"brand":{"provider":"openfoodfacts","recordedAt":800000000,\#
        "revisedAt":799000000,"revision":"1042","valueHash":"1f0e3dad99908345"},"categories":{"provider":"openfoodfacts",\#
        "recordedAt":800000000,"revisedAt":799000000,"revision":"1042","valueHash":"2c9b4a2f3e5d6c7b"},"title":\#
        {"provider":"user","recordedAt":800100000,"valueHash":"8a7b6c5d4e3f2a1b"},"images":{"provider":"openfoodfacts",\#
        "recordedAt":800000000,"revisedAt":799000000,"revision":"1042"}},"primaryProvider":"openfoodfacts",\#
        "synthetic":false}
        """#

    @Test("a store written before v11 opens with its products' and outbox's provenance stated once, read as before")
    func migratesProductsAndOutbox() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("provenance-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store.sqlite").path
        let expected = try ProductProvenance(attributeValue: Self.earlierForm)
        #expect(expected.fields.count == 4 && expected.fields[.title]?.provider == .user)
        var imported = try Product.fixture(number: 1, barcoded: true, title: "Whole Milk", brand: "Acme")
        imported.attributes[ProductProvenance.attributeKey] = Self.earlierForm
        let milk = imported
        let bread = try Product.fixture(number: 2, title: "Bread")
        let entry = ProductOutboxEntry.fixture(creating: milk, sequence: 1)

        // The store as v10 wrote it.
        do {
            let v10 = try DatabaseQueue(path: path, configuration: SQLiteStorage.makeConfiguration())
            try SQLiteStorage.migrator.migrate(v10, upTo: "v10-product-source-fingerprints")
            try await v10.write { db in
                for product in [milk, bread] {
                    try db.execute(
                        sql: """
                            INSERT INTO products (product_id, barcode, status, sync_state, created_at, updated_at, payload)
                            VALUES (?, ?, ?, 'pending', ?, ?, ?)
                            """,
                        arguments: [
                            product.productID.rawValue, product.barcode?.value, product.status.rawValue,
                            product.createdAt.timeIntervalSinceReferenceDate, product.updatedAt.timeIntervalSinceReferenceDate,
                            try RecordCoding.encode(product),
                        ])
                }
                try db.execute(
                    sql: """
                        INSERT INTO product_outbox (operation_id, entity_id, sequence, quarantined, payload)
                        VALUES (?, ?, 1, 0, ?)
                        """,
                    arguments: [RecordID(entry.operationID).rawValue, milk.productID.rawValue, try RecordCoding.encode(entry)])
            }
            try v10.close()
        }
        let breadBefore = try RecordCoding.encode(bread)

        let storage = try SQLiteStorage(path: path)
        let store = SQLiteProductStore(storage: storage)
        let read = try #require(try await store.product(milk.productID))
        #expect(read.provenance == expected)
        #expect(read.title == "Whole Milk" && read.version == milk.version)
        let stored = try #require(read.attributes[ProductProvenance.attributeKey])
        #expect(stored.contains(#""sources":"#) && stored.components(separatedBy: "\"1042\"").count - 1 == 1, "\(stored)")
        #expect(stored.utf8.count < Self.earlierForm.utf8.count, "\(stored.utf8.count) bytes against \(Self.earlierForm.utf8.count)")
        let pending = try #require(try await store.pendingEntry(for: milk.productID))
        #expect(pending.payload.product?.provenance == expected)
        #expect(pending.payload.product?.attributes[ProductProvenance.attributeKey] == stored)
        #expect(pending.operationID == entry.operationID && pending.sequence == 1)
        try storage.close()
        // A product without provenance keeps its bytes.
        let reopened = try DatabaseQueue(path: path, configuration: SQLiteStorage.makeConfiguration())
        let breadPayload = try await reopened.read { db in
            try Data.fetchOne(db, sql: "SELECT payload FROM products WHERE product_id = ?", arguments: [bread.productID.rawValue])
        }
        #expect(breadPayload == breadBefore)
        try reopened.close()
    }
}
