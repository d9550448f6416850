import Foundation
import InventoryKit
import InventoryKitTesting
import JSONFileStorage
import ProductModule
import ProductModuleTesting
import Testing

@Suite("The product module's store on a JSON folder")
struct JSONProductStoreContractTests {
    @Test("keeps the ProductStore contract: creation only of unknown products, due entries, sync state changes, batched reads")
    func storeContract() async {
        let report = await ProductStoreConformance().run {
            StorageProductStore(storage: try await JSONFileStorage(root: temporaryFolder()))
        }
        #expect(report.failures == [])
        #expect(report.passed == ProductStoreConformance.checks)
    }
}
