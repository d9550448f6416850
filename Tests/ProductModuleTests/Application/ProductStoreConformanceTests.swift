import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import Testing

@Suite("Product store and gateway query parity")
struct ProductStoreConformanceTests {
    @Test("StorageProductStore on the in-memory provider queries exactly like the reference evaluator")
    func storageProductStore() async {
        let report = await ProductQueryConformance().run(local: { StorageProductStore(storage: InMemoryStorageProvider()) })
        #expect(report.failures == [])
        #expect(report.passed == ["queryParity", "paginationUnderInserts"])
    }

    @Test("the in-memory remote gateway queries exactly like the reference evaluator")
    func inMemoryRemote() async {
        let report = await ProductQueryConformance().run(remote: { InMemoryProductRemote() })
        #expect(report.failures == [])
        #expect(report.passed == ["queryParity", "paginationUnderInserts"])
    }

    @Test("a corrupt stored product is a typed error naming it, and other products stay readable")
    func corruptProduct() async throws {
        let storage = InMemoryStorageProvider()
        let store = StorageProductStore(storage: storage)
        let good = try Product.new(barcode: nil, title: "Good", id: UUID(), now: .distantPast)
        let bad = try Product.new(barcode: nil, title: "Bad", id: UUID(), now: .distantPast)
        var transaction = ProductLocalTransaction()
        transaction.products = [.init(product: good, syncState: .synced), .init(product: bad, syncState: .synced)]
        try await store.commit(transaction)
        await storage.corrupt(bad.productId.recordID, in: StorageProductStore.productCollection, scope: .domain, payload: Data("{".utf8))
        await #expect(throws: StorageError.self) { try await store.product(bad.productId) }
        #expect(try await store.product(good.productId) == good)
    }
}
