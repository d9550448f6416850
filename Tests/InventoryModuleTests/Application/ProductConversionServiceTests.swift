import Foundation
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import Testing

@Suite("Product-specific unit conversions through the service")
struct ProductConversionServiceTests {
    typealias S = ServiceFixtures

    @Test("a conversion for a product the catalog knows is booked (it used to be refused as an unknown product)")
    func knownProductConversionIsBooked() async throws {
        let device = S.Device("phone", remote: InMemoryInventoryRemote())
        try await device.setUpHousehold()
        let pack = UnitID.derived(name: "pack")
        try await device.service.perform(.defineUnit(UnitDefinition(name: "pack")), in: S.home)
        let eggs = S.products[1]
        let conversion = UnitConversion(from: pack, to: S.piece, factor: 6, productID: eggs)
        try await device.service.perform(.defineConversion(conversion), in: S.home)
        let state = try await device.service.state(of: S.home)
        #expect(try state.unitConverter.factor(from: pack, to: S.piece, product: eggs) == 6)
    }

    @Test("a conversion for a product the catalog does not know is still refused as unknownProduct")
    func unknownProductConversionIsRefused() async throws {
        let device = S.Device("phone", remote: InMemoryInventoryRemote())
        try await device.setUpHousehold()
        let pack = UnitID.derived(name: "pack")
        try await device.service.perform(.defineUnit(UnitDefinition(name: "pack")), in: S.home)
        let ghost = ProductReference(rawValue: "ghost") ?? S.products[0]
        await #expect(throws: InventoryError.unknownProduct(ghost)) {
            try await device.service.perform(
                .defineConversion(UnitConversion(from: pack, to: S.piece, factor: 6, productID: ghost)), in: S.home)
        }
    }
}
