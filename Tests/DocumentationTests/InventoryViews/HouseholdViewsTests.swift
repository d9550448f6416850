import Foundation
import InventoryKitTesting
import InventoryModule
import InventorySync
import InventoryViews
import SyncWire
import Testing

@Suite("Household views (DocC: InventoryViews)")
struct HouseholdViewsTests {
    @Test("a device prints the stock view of its state in the vocabulary the server serves")
    func printStockView() async throws {
        let inventory = InventoryModuleService(storage: InMemoryStorageProvider(), replicaID: "phone")
        let home = HouseholdID(UUID())
        try await inventory.perform(.createHousehold(name: "Home"), in: home)
        try await inventory.perform(.defineLocation(LocationDefinition(name: "Fridge")), in: home)
        try await inventory.perform(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")), in: home)
        let eggs = try ProductReference("4006381333931")
        try await inventory.perform(
            .purchase(PurchaseRequest(
                productID: eggs, amount: 6, unit: UnitID.derived(name: "piece"),
                locationID: LocationID.derived(household: home, name: "Fridge"))),
            in: home)
        // snippet: views-print-stock
        let state = try await inventory.state(of: home)
        let views = InventoryViewBuilder(state: state, household: home, asOf: Date(), titles: ["4006381333931": "Eggs"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let json = try encoder.encode(views.stock())   // {"asOf": "…Z", "household": {"id": …, "name": "Home"}, …}
        // end snippet
        let read = try JSONDecoder().decode(StockView.self, from: json)
        #expect(read.locations.first?.products.first?.lots.first?.amount == ExactDecimal(6))
        #expect(read.locations.first?.products.first?.title == "Eggs")
        #expect(String(decoding: json, as: UTF8.self).contains(#""amount" : "6""#))
    }
}
