import Foundation
import InventoryModule
import InventorySync
import Testing

@Suite("Master data commands: households, locations, units, conversions, settings, shopping list")
struct MasterDataCommandTests {
    @Test("a fresh kitchen holds its household, units, locations and settings")
    func standardKitchen() throws {
        let kitchen = try F.kitchen()
        #expect(kitchen.state.households[F.home]?.name == "Home")
        #expect(kitchen.state.households[F.home]?.createdAt == F.setUpAt)
        #expect(kitchen.state.units[F.pack]?.pluralName == "packs")
        #expect(kitchen.state.locations[F.shelf]?.parentID == F.cellar)
        #expect(kitchen.state.locations[F.freezer]?.isFreezer == true)
        #expect(kitchen.state.productSettings[F.milk]?.stockUnit == F.litre)
        #expect(kitchen.state.anomalies.isEmpty)
    }

    @Test("every command but createHousehold is refused before the household exists")
    func householdFirst() {
        let kitchen = Kitchen(replica: ReplicaID("a"), seed: 1)
        #expect(throws: InventoryError.unknownHousehold(F.home)) {
            try kitchen.decide(.defineUnit(UnitDefinition(name: "g")))
        }
    }

    @Test("creating an existing household is refused")
    func householdTwice() throws {
        let kitchen = try F.kitchen()
        #expect(throws: InventoryError.householdAlreadyExists(F.home)) {
            try kitchen.decide(.createHousehold(name: "Again"))
        }
    }

    static let badNames: [String] = ["", "   ", "a\u{7}b", String(repeating: "n", count: 257)]

    @Test("blank, control-character and over-long names are refused as invalidName", arguments: badNames)
    func invalidNames(name: String) throws {
        let kitchen = try F.kitchen()
        let location = #expect(throws: InventoryError.self) {
            try kitchen.decide(.defineLocation(LocationDefinition(name: name)))
        }
        let unit = #expect(throws: InventoryError.self) { try kitchen.decide(.defineUnit(UnitDefinition(name: name))) }
        for error in [location, unit] {
            guard case .invalidName? = error else {
                Issue.record("expected invalidName, got \(String(describing: error))")
                continue
            }
        }
    }

    @Test("a location's id is derived from the household and its name, and the name is trimmed")
    func derivedLocationID() throws {
        var kitchen = try F.kitchen()
        let entries = try kitchen.run(.defineLocation(LocationDefinition(name: "  Garage ")))
        let id = LocationID.derived(household: F.home, name: "garage")
        #expect(entries.map(\.operation) == [.defineLocation(StorageLocation(id: id, name: "Garage"))])
        #expect(kitchen.state.locations[id]?.name == "Garage")
    }

    @Test("a location under an unknown parent is refused")
    func unknownParent() throws {
        let kitchen = try F.kitchen()
        let nowhere = F.id(LocationID.self, "nowhere")
        #expect(throws: InventoryError.unknownLocation(nowhere)) {
            try kitchen.decide(.defineLocation(LocationDefinition(name: "Box", parentID: nowhere)))
        }
    }

    @Test("a parent that would close a cycle, or a location as its own parent, is refused")
    func cycles() throws {
        var kitchen = try F.kitchen()
        try kitchen.run(.defineLocation(LocationDefinition(name: "Box", parentID: F.shelf)))
        let box = LocationID.derived(household: F.home, name: "Box")
        #expect(throws: InventoryError.locationCycle(F.cellar, parent: box)) {
            try kitchen.decide(.defineLocation(LocationDefinition(id: F.cellar, name: "Cellar", parentID: box)))
        }
        #expect(throws: InventoryError.locationCycle(F.cellar, parent: F.cellar)) {
            try kitchen.decide(.defineLocation(LocationDefinition(id: F.cellar, name: "Cellar", parentID: F.cellar)))
        }
    }

    @Test("an empty leaf location can be removed")
    func removeEmpty() throws {
        var kitchen = try F.kitchen()
        try kitchen.run(.removeLocation(F.pantry))
        #expect(kitchen.state.locations[F.pantry] == nil)
    }

    @Test("removing a location that holds stock, has sublocations or does not exist is refused")
    func removeRefused() throws {
        var kitchen = try F.kitchen()
        try kitchen.buy(F.flour, 500)
        #expect(throws: InventoryError.locationNotEmpty(F.pantry)) { try kitchen.decide(.removeLocation(F.pantry)) }
        #expect(throws: InventoryError.locationHasSublocations(F.cellar, children: [F.shelf])) {
            try kitchen.decide(.removeLocation(F.cellar))
        }
        let nowhere = F.id(LocationID.self, "nowhere")
        #expect(throws: InventoryError.unknownLocation(nowhere)) { try kitchen.decide(.removeLocation(nowhere)) }
    }

    @Test("conversions need two different defined units, a positive factor and a known product")
    func conversionValidation() throws {
        let kitchen = try F.kitchen()
        let unknown = F.id(UnitID.self, "furlong")
        #expect(throws: InventoryError.unknownUnit(unknown)) {
            try kitchen.decide(.defineConversion(UnitConversion(from: unknown, to: F.gram, factor: 1)))
        }
        #expect(throws: InventoryError.conversionToSameUnit(F.gram)) {
            try kitchen.decide(.defineConversion(UnitConversion(from: F.gram, to: F.gram, factor: 1)))
        }
        #expect(throws: InventoryError.nonPositiveAmount(0)) {
            try kitchen.decide(.defineConversion(UnitConversion(from: F.pack, to: F.gram, factor: 0)))
        }
        #expect(throws: InventoryError.unknownProduct(F.ghost)) {
            try kitchen.decide(
                .defineConversion(UnitConversion(from: F.pack, to: F.gram, factor: 500, productID: F.ghost)))
        }
    }

    @Test("settings need a known product, defined unit and location, and no negative numbers")
    func settingsValidation() throws {
        let kitchen = try F.kitchen()
        #expect(throws: InventoryError.unknownProduct(F.ghost)) {
            try kitchen.decide(.setProductSettings(ProductStockSettings(productID: F.ghost)))
        }
        #expect(throws: InventoryError.invalidSettings(F.salt, reason: "days after opening is negative (-1)")) {
            try kitchen.decide(.setProductSettings(ProductStockSettings(productID: F.salt, dueDaysAfterOpening: -1)))
        }
        #expect(throws: InventoryError.invalidSettings(F.salt, reason: "minimum stock -1 is not a valid amount")) {
            try kitchen.decide(.setProductSettings(ProductStockSettings(productID: F.salt, minimumStock: -1)))
        }
        let nowhere = F.id(LocationID.self, "nowhere")
        #expect(throws: InventoryError.unknownLocation(nowhere)) {
            try kitchen.decide(.setProductSettings(ProductStockSettings(productID: F.salt, defaultLocation: nowhere)))
        }
    }

    @Test("shopping list items are added with a new id and removed; unknown and empty items are refused")
    func shoppingList() throws {
        var kitchen = try F.kitchen()
        try kitchen.run(.addShoppingListItem(ShoppingListRequest(productID: F.salt, amount: 1, unit: F.pack)))
        let item = try #require(kitchen.state.shoppingListItems.values.first)
        #expect(item.productID == F.salt && item.addedAt == kitchen.now - 60)
        try kitchen.run(.removeShoppingListItem(item.id))
        #expect(kitchen.state.shoppingListItems.isEmpty)
        #expect(throws: InventoryError.unknownShoppingListItem(item.id)) {
            try kitchen.decide(.removeShoppingListItem(item.id))
        }
        #expect(throws: InventoryError.emptyShoppingListItem) {
            try kitchen.decide(.addShoppingListItem(ShoppingListRequest(note: "  ")))
        }
        #expect(throws: InventoryError.unknownProduct(F.ghost)) {
            try kitchen.decide(.addShoppingListItem(ShoppingListRequest(productID: F.ghost)))
        }
        #expect(throws: InventoryError.nonPositiveAmount(-2)) {
            try kitchen.decide(.addShoppingListItem(ShoppingListRequest(note: "bread", amount: -2)))
        }
    }

    @Test("every entry of a decision carries the context's household, time, replica, correlation and key")
    func entryMetadata() throws {
        let kitchen = try F.kitchen()
        let key = F.id(IdempotencyKey.self, "trip-1")
        let entries = try kitchen.decide(
            .purchase(PurchaseRequest(productID: F.salt, amount: 1, unit: F.pack, locationID: F.pantry)), key: key)
        let entry = try #require(entries.first)
        #expect(entry.householdID == F.home && entry.recordedAt == kitchen.now && entry.replicaID == kitchen.replica)
        #expect(entry.correlationID == kitchen.correlation && entry.idempotencyKey == key)
    }
}
