import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import ProductModule
import SQLiteStorage
import Testing

@Suite("SQLiteStorage as the README shows it (Using the example providers)")
struct SQLiteStorageDocumentationTests {
    @Test("one SQLite file holds the native product and inventory tables and the generic records; it reopens after close")
    func oneFileEveryModule() async throws {
        let path = SQLiteTestSupport.temporaryDatabasePath("pantry.sqlite")
        let home = HouseholdID(UUID())
        // snippet: examples-sqlite-storage
        let storage = try SQLiteStorage(path: path)   // synchronous; creates folders, WAL mode, runs migrations
        // The native stores: products and the journal in their own tables, queries in SQL.
        let catalog = ProductModuleService(store: SQLiteProductStore(storage: storage), replicaID: "phone")
        let inventory = InventoryModuleService(store: SQLiteInventoryStore(storage: storage), replicaID: "phone")
        // Everything else uses the same file as a generic StorageProvider:
        let categories = NamedEntitySync(storage: storage, remote: nil).repository(for: .category)

        try await catalog.addProducts([try Product.new(barcode: "4006381333931", title: "Milk", id: UUID(), now: .now)])
        try await inventory.perform(.createHousehold(name: "Home"), in: home)
        _ = try await categories.getOrCreate("Dairy")
        await catalog.waitForBackgroundWork()
        await inventory.waitForBackgroundWork()
        try storage.close()                           // checkpoints the WAL: the .sqlite file alone holds it all
        let reopened = try SQLiteStorage(path: path)  // a closed store reopens in the same process
        // In tests and previews: try SQLiteStorage.inMemory()
        // end snippet
        let products = ProductModuleService(store: SQLiteProductStore(storage: reopened), replicaID: "phone")
        #expect(try await products.retrieveProduct(by: .barcode("4006381333931"))?.title == "Milk")
        let journal = InventoryModuleService(store: SQLiteInventoryStore(storage: reopened), replicaID: "phone")
        #expect(try await journal.state(of: home).households[home]?.name == "Home")
        #expect(try await NamedEntityRepository(storage: reopened, kind: .category).find("dairy") != nil)
        try reopened.close()
    }
}
