import Foundation
import GRDB
import InventoryKit
import InventorySync
import ProductModule
import ProductModuleTesting
import SQLiteStorage
import Testing

@Suite("Corrupt rows are typed errors or named damage, never crashes")
struct SQLiteCorruptionTests {
    typealias S = SQLiteTestSupport

    @Test("a product whose payload does not decode is a corruptRecord error naming it, named damage in a page; other products stay readable")
    func corruptProduct() async throws {
        let queue = try DatabaseQueue(configuration: SQLiteStorage.makeConfiguration())
        let store = SQLiteProductStore(storage: try SQLiteStorage(queue))
        let good = try Product.fixture(number: 1, title: "Good")
        let bad = try Product.fixture(number: 2, title: "Bad")
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
        let page = try await store.query(ProductQuery(sort: .title()))
        #expect(page.products == [good] && page.damaged.map(\.id) == [bad.productID.recordID])
        let onlyGood = try await store.query(ProductQuery(filters: [.text("good")]))
        #expect(onlyGood.products == [good] && onlyGood.damaged.isEmpty)
    }

    @Test("product pages list readable rows and name each corrupt row once, on the page where it sorts", arguments: [1, 2, 3, 10])
    func corruptProductsAcrossPages(_ limit: Int) async throws {
        let queue = try DatabaseQueue(configuration: SQLiteStorage.makeConfiguration())
        let store = SQLiteProductStore(storage: try SQLiteStorage(queue))
        let products = try (0..<6).map { try Product.fixture(number: $0 + 1, title: "Item \($0)") }
        var transaction = ProductLocalTransaction()
        transaction.products = products.map { .init(product: $0, syncState: .synced) }
        try await store.commit(transaction)
        let bad = [products[1], products[2], products[5]]
        for product in bad {
            try await queue.write { db in
                try db.execute(sql: "UPDATE products SET payload = x'7b' WHERE product_id = ?", arguments: [product.productID.rawValue])
            }
        }
        for sort in [ProductSortStrategy.title(), .title(.descending), .createdAt()] {
            var listed: [Product] = []
            var damaged: [RecordID?] = []
            var cursor: PageCursor?
            var pages = 0
            repeat {
                let page = try await store.query(ProductQuery(page: PageRequest(limit: limit, cursor: cursor), sort: sort))
                #expect(page.products.count + page.damaged.count <= limit)
                listed += page.products
                damaged += page.damaged.map(\.id)
                cursor = page.nextCursor
                pages += 1
            } while cursor != nil && pages < 20
            #expect(Set(listed.map(\.productID)) == Set([products[0], products[3], products[4]].map(\.productID)), "\(sort)")
            #expect(damaged.count == 3 && Set(damaged) == Set(bad.map { $0.productID.recordID }), "\(sort): \(damaged)")
        }
    }

    @Test("a generic record whose indexed fields do not decode is a corruptRecord error and named damage in a query; its neighbours stay readable")
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
        let page = try await storage.domainMetadata.query(RecordQuery(), in: "things")
        #expect(page.records.map(\.id.rawValue) == ["a"] && page.damaged.map(\.id?.rawValue) == ["b"])
        // Typed and whole-collection reads are strict: they throw the damage.
        await #expect(throws: StorageError.self) { try await storage.domainMetadata.all(in: "things") }
    }

    @Test("a page read for payloads returns a record whose fields do not decode, unless its fields make the next cursor; then the page is read with fields and names it")
    func corruptFieldsInPayloadPages() async throws {
        let queue = try DatabaseQueue(configuration: SQLiteStorage.makeConfiguration())
        let storage = try SQLiteStorage(queue)
        try await storage.domainMetadata.apply(try ["a", "b", "c"].enumerated().map { index, name in
            .put(StoredRecord(id: try RecordID(name), payload: Data(name.utf8), fields: ["n": .int(Int64(index))]), in: "things")
        })
        try await queue.write { db in
            try db.execute(sql: "UPDATE records SET fields = '{\"n\":[\"what\",1]}' WHERE id = 'b'")
        }
        let whole = try await storage.domainMetadata.queryPayloads(RecordQuery(), in: "things")
        #expect(whole.records.map(\.id.rawValue) == ["a", "b", "c"] && whole.damaged.isEmpty)
        #expect(whole.records.map(\.payload) == ["a", "b", "c"].map { Data($0.utf8) } && whole.records.allSatisfy(\.fields.isEmpty))
        // `b` ends the first page of two, so its fields would make the cursor: the page is read with fields.
        let pair = try await storage.domainMetadata.queryPayloads(RecordQuery(limit: 2), in: "things")
        #expect(pair.records.map(\.id.rawValue) == ["a", "c"] && pair.damaged.map(\.id?.rawValue) == ["b"])
        #expect(pair.nextCursor == nil)
        let full = try await storage.domainMetadata.query(RecordQuery(limit: 2), in: "things")
        #expect(full.records.map(\.id.rawValue) == pair.records.map(\.id.rawValue) && full.nextCursor == pair.nextCursor)
    }
}
