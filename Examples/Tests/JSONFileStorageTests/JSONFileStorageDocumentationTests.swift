import Foundation
import InventoryKit
import InventorySync
import JSONFileStorage
import ProductModule
import Testing

@Suite("JSONFileStorage as the README shows it (Using the example providers)")
struct JSONFileStorageDocumentationTests {
    @Test("the store opens asynchronously, holds the folder until closed, and reopens in the same process")
    func openCloseReopen() async throws {
        let applicationSupport = temporaryFolder("Application Support")
        // snippet: examples-json-file-storage
        let folder = applicationSupport.appendingPathComponent("Pantry", isDirectory: true)
        let storage = try await JSONFileStorage(root: folder)   // async: reads every file, replays a journal
        let catalog = ProductModuleService(storage: storage, replicaID: "mac")
        try await catalog.addProducts([try Product.new(barcode: "4006381333931", title: "Milk", id: UUID(), now: .now)])
        await catalog.waitForBackgroundWork()
        // The folder is locked while the store is open: a second open, in this process or another, throws
        // StorageError.locked(path:). Close it to open it again (a restart, a restore from a backup):
        await storage.close()                                   // do not use `storage` afterwards
        let reopened = try await JSONFileStorage(root: folder)
        let again = ProductModuleService(storage: reopened, replicaID: "mac")
        // end snippet
        #expect(try await again.retrieveProduct(by: .barcode("4006381333931"))?.title == "Milk")
        await #expect(throws: StorageError.self) { _ = try await JSONFileStorage(root: folder) }
        await reopened.close()
    }
}
