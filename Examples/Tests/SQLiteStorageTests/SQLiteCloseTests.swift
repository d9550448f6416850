import Foundation
import InventoryKit
import InventorySync
import ProductModule
import ProductModuleTesting
import SQLiteStorage
import Testing

@Suite("Closing a SQLite store leaves everything in the database file")
struct SQLiteCloseTests {
    typealias S = SQLiteTestSupport

    @Test("after close the -wal file holds nothing: the database file alone, copied or backed up, has every change")
    func closeCheckpointsTheLog() async throws {
        let path = S.temporaryDatabasePath()
        let storage = try SQLiteStorage(path: path)
        let store = SQLiteProductStore(storage: storage)
        let products = try (1...50).map { try Product.fixture(number: $0, title: "Item \($0)") }
        var transaction = ProductLocalTransaction()
        transaction.products = products.map { .init(product: $0, syncState: .synced) }
        try await store.commit(transaction)
        try storage.close()

        let log = path + "-wal"
        let logSize = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
        #expect(logSize == 0, "the write-ahead log still holds \(logSize) bytes after close")
        // A user who copies or backs up the database file alone keeps every product.
        try? FileManager.default.removeItem(atPath: log)
        try? FileManager.default.removeItem(atPath: path + "-shm")
        let reopened = try SQLiteStorage(path: path)
        let page = try await SQLiteProductStore(storage: reopened).query(ProductQuery(page: PageRequest(limit: 100)))
        #expect(page.products.count == 50)
        try reopened.close()
    }
}
