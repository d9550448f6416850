import Foundation
import GRDB
import InventoryKit
import InventorySync
import ProductModule
import SQLiteStorage
import Testing

@Suite("Corrupt rows are typed errors, never crashes")
struct SQLiteCorruptionTests {
    typealias S = SQLiteTestSupport

    @Test("a product whose payload does not decode is a corruptRecord error naming it; other products stay readable")
    func corruptProduct() async throws {
        let queue = try DatabaseQueue(configuration: SQLiteStorage.makeConfiguration())
        let store = SQLiteProductStore(storage: try SQLiteStorage(queue))
        let good = try S.product(1, title: "Good")
        let bad = try S.product(2, title: "Bad")
        var transaction = ProductLocalTransaction()
        transaction.products = [.init(product: good, syncState: .synced), .init(product: bad, syncState: .synced)]
        try await store.commit(transaction)
        try await queue.write { db in
            try db.execute(sql: "UPDATE products SET payload = x'7b' WHERE product_id = ?", arguments: [bad.productID.rawValue])
        }
        let error = await #expect(throws: StorageError.self) { try await store.product(bad.productID) }
        guard case .corruptRecord(let collection, let id, _)? = error else {
            Issue.record("expected corruptRecord, got \(String(describing: error))")
            return
        }
        #expect(collection == "products" && id == bad.productID.recordID)
        #expect(try await store.product(good.productID) == good)
        await #expect(throws: StorageError.self) { try await store.query(ProductQuery(sort: .title())) }
        let onlyGood = try await store.query(ProductQuery(filters: [.text("good")]))
        #expect(onlyGood.products == [good])
    }

    @Test("a generic record whose indexed fields do not decode is a corruptRecord error; its neighbours stay readable")
    func corruptFields() async throws {
        let queue = try DatabaseQueue(configuration: SQLiteStorage.makeConfiguration())
        let storage = try SQLiteStorage(queue)
        try await storage.domainMetadata.apply([
            .put(StoredRecord(id: try RecordID("a"), payload: Data("a".utf8), fields: ["n": .int(1)]), in: "things"),
            .put(StoredRecord(id: try RecordID("b"), payload: Data("b".utf8), fields: ["n": .int(2)]), in: "things"),
        ])
        try await queue.write { db in
            try db.execute(sql: "UPDATE records SET fields = '{\"n\":[\"what\",1]}' WHERE id = 'b'")
        }
        let error = await #expect(throws: StorageError.self) {
            try await storage.domainMetadata.record(try RecordID("b"), in: "things")
        }
        guard case .corruptRecord(let collection, let id, let reason)? = error else {
            Issue.record("expected corruptRecord, got \(String(describing: error))")
            return
        }
        #expect(collection == "things" && id.rawValue == "b" && reason.contains("unknown field value kind \"what\""))
        #expect(try await storage.domainMetadata.record(try RecordID("a"), in: "things")?.fields == ["n": .int(1)])
        await #expect(throws: StorageError.self) { try await storage.domainMetadata.query(RecordQuery(), in: "things") }
    }
}
