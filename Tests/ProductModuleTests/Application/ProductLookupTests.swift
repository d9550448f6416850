import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import Testing

@Suite("ProductLookup: every spelling of a barcode finds its product")
struct ProductLookupTests {
    @Test("a UPC-E code as a scanner reports it finds the product stored under its UPC-A")
    func upcEFindsTheUPCAProduct() async throws {
        let service = ProductModuleService(storage: InMemoryStorageProvider(), replicaID: "kitchen")
        _ = try await service.addProducts([try Product.fixture(title: "Crackers", barcode: "042100005264")])
        let byUPCE = try await service.retrieveProduct(by: .barcode("04252614", format: .upcE))
        #expect(byUPCE?.title == "Crackers")
        await #expect(throws: ProductModuleError.self, "read as digits, the eight characters are an EAN-8 with a wrong check digit") {
            _ = try await service.retrieveProduct(by: .barcode("04252614"))
        }
        #expect(ProductLookup.barcode("04252614", format: .upcE).description == "upc-e:04252614")
    }

    @Test("an EAN-8 is found by its 14-digit form and its GS1 element string")
    func ean8IsFoundByItsPaddedForms() async throws {
        let service = ProductModuleService(storage: InMemoryStorageProvider(), replicaID: "kitchen")
        _ = try await service.addProducts([try Product.fixture(title: "Gum", barcode: "96385074")])
        for spelling in ["96385074", "00000096385074", "(01)00000096385074", "0000096385074"] {
            let found = try await service.retrieveProduct(by: .barcode(spelling))
            #expect(found?.title == "Gum", "\(spelling)")
        }
    }

    @Test("a replica id can be written as a literal, as the documentation does")
    func replicaIDLiteral() {
        let phone: ReplicaID = "phone"
        #expect(phone == ReplicaID("phone"))
        let blank: ReplicaID = "  "
        #expect(blank.rawValue == "unknown")
    }
}
