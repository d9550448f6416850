import Foundation
import InventoryKitTesting
import InventoryModule
import InventorySync
import InventoryViews
import SyncWire
import Testing

@Suite("Household views built from a folded state")
struct InventoryViewBuilderTests {
    static let t0 = Date(timeIntervalSince1970: 1_767_225_600)   // 2026-01-01T00:00:00Z

    /// A household "Home" with a fridge and a pantry, milk (a third of a litre bought three times) in the fridge,
    /// a minimum of 2 bags of flour with none in stock, and "bread" written on the shopping list.
    static func household() async throws -> (InventoryState, HouseholdID) {
        let clock = ManualClock(t0)
        let inventory = InventoryModuleService(storage: InMemoryStorageProvider(), replicaID: "phone", clock: clock.clock)
        let home = HouseholdID(UUID(fixtureNumber: 1))
        let fridge = LocationID.derived(household: home, name: "Fridge")
        let litre = UnitID.derived(name: "litre")
        let bag = UnitID.derived(name: "bag")
        let milk = try ProductReference("4006381333931")
        let flour = try ProductReference("4001234567892")
        try await inventory.perform(.createHousehold(name: "Home"), in: home)
        try await inventory.perform(.defineLocation(LocationDefinition(name: "Fridge")), in: home)
        try await inventory.perform(.defineLocation(LocationDefinition(name: "Pantry")), in: home)
        try await inventory.perform(.defineUnit(UnitDefinition(name: "litre", pluralName: "litres")), in: home)
        try await inventory.perform(.defineUnit(UnitDefinition(name: "bag", pluralName: "bags")), in: home)
        let third = try #require(Decimal(string: "0.333333333333333333333333333333333333"))
        for day in 1...3 {
            try await inventory.perform(
                .purchase(PurchaseRequest(
                    productID: milk, amount: third, unit: litre, locationID: fridge,
                    dueDate: .on(CalendarDay(containing: t0 + Double(day) * 86_400, in: .gmt)))),
                in: home)
        }
        try await inventory.perform(
            .setProductSettings(ProductStockSettings(productID: flour, minimumStock: 2, stockUnit: bag)), in: home)
        try await inventory.perform(.addShoppingListItem(ShoppingListRequest(note: "bread")), in: home)
        return (try await inventory.state(of: home), home)
    }

    @Test("stock names every location and unit by id and name, amounts exact, products by title")
    func stockView() async throws {
        let (state, home) = try await Self.household()
        let views = InventoryViewBuilder(
            state: state, household: home, asOf: Self.t0, titles: ["4006381333931": "Milk 1 l"])
        let stock = views.stock()
        #expect(stock.version == HouseholdViewVocabulary.version)
        #expect(stock.household == NamedReference(id: home.rawValue, name: "Home"))
        #expect(stock.locations.map(\.location.name) == ["Fridge", "Pantry"])
        let milk = try #require(stock.locations.first?.products.first)
        #expect(milk.title == "Milk 1 l")
        #expect(milk.total?.description == "0.999999999999999999999999999999999999")
        #expect(milk.unit == NamedReference(id: UnitID.derived(name: "litre").rawValue, name: "litre"))
        #expect(milk.lots.map(\.dueDate) == ["2026-01-02", "2026-01-03", "2026-01-04"])
        #expect(milk.lots.allSatisfy { $0.location.name == "Fridge" && $0.amount.description.hasPrefix("0.3333") })
        #expect(stock.locations.last?.products == [])
    }

    @Test("due, below-minimum and the shopping list speak the same words")
    func otherViews() async throws {
        let (state, home) = try await Self.household()
        let views = InventoryViewBuilder(state: state, household: home, asOf: Self.t0, seq: 42, titles: [:])
        let due = views.due(now: Self.t0 + 2.5 * 86_400, days: 1)
        #expect(due.today == "2026-01-03")
        #expect(due.overdue.map(\.dueDate) == ["2026-01-02"])
        #expect(due.dueSoon.map(\.dueDate) == ["2026-01-03", "2026-01-04"])
        #expect(due.seq == 42)
        let below = views.belowMinimum()
        #expect(below.shortfalls.map(\.missing.description) == ["2"])
        #expect(below.shortfalls.first?.unit?.name == "bag")
        let list = views.shoppingList()
        #expect(Set(list.entries.map(\.source)) == ["manual", "belowMinimumStock"])
        #expect(list.entries.contains { $0.note == "bread" && $0.itemId != nil })
    }
}
