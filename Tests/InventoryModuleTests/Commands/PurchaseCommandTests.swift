import Foundation
import InventoryModule
import Testing

@Suite("Purchase: a new lot with the product's defaults, or a typed refusal")
struct PurchaseCommandTests {
    @Test("a purchase without unit or location uses the product's stock unit and default location")
    func defaults() throws {
        var kitchen = try F.kitchen()
        let lotID = try kitchen.buy(F.milk, 2)
        let lot = try #require(kitchen.state.lots[lotID])
        #expect(lot.quantity == 2 && lot.unit == F.litre && lot.locationID == F.fridge)
        #expect(lot.householdID == F.home && lot.purchasedAt == F.t0 && lot.status == .available)
        #expect(lot.dueDate == F.cal(7))
    }

    @Test("price, note, barcode and an explicit due day are kept on the lot")
    func details() throws {
        var kitchen = try F.kitchen()
        let entries = try kitchen.run(
            .purchase(
                PurchaseRequest(
                    productID: F.salt, amount: 1, unit: F.pack, locationID: F.pantry,
                    dueDate: .on(F.cal(30)), price: F.dec("0.49"), note: "sea salt", barcode: "4006381333931")))
        let lot = try #require(kitchen.lotID(of: entries).flatMap { kitchen.state.lots[$0] })
        #expect(lot.price == F.dec("0.49") && lot.note == "sea salt" && lot.barcode == "4006381333931")
        #expect(lot.dueDate == F.cal(30))
    }

    static let nonPositive: [Decimal] = [0, -1, F.dec("-0.001")]

    @Test("zero and negative amounts are refused as nonPositiveAmount", arguments: nonPositive)
    func nonPositiveAmounts(amount: Decimal) throws {
        let kitchen = try F.kitchen()
        #expect(throws: InventoryError.nonPositiveAmount(amount)) {
            try kitchen.decide(.purchase(PurchaseRequest(productID: F.milk, amount: amount)))
        }
    }

    static let invalid: [Decimal] = [.nan, F.dec("1000000000000.5"), F.dec("1e13")]

    @Test("NaN and amounts above 10^12 are refused as invalidAmount", arguments: invalid)
    func invalidAmounts(amount: Decimal) throws {
        let kitchen = try F.kitchen()
        let error = #expect(throws: InventoryError.self) {
            try kitchen.decide(.purchase(PurchaseRequest(productID: F.milk, amount: amount)))
        }
        guard case .invalidAmount? = error else {
            Issue.record("expected invalidAmount, got \(String(describing: error))")
            return
        }
    }

    @Test("unknown products, units and locations are refused by name")
    func unknownReferences() throws {
        let kitchen = try F.kitchen()
        let nowhere = F.id(LocationID.self, "nowhere")
        let furlong = F.id(UnitID.self, "furlong")
        #expect(throws: InventoryError.unknownProduct(F.ghost)) {
            try kitchen.decide(
                .purchase(PurchaseRequest(productID: F.ghost, amount: 1, unit: F.piece, locationID: F.pantry)))
        }
        #expect(throws: InventoryError.unknownLocation(nowhere)) {
            try kitchen.decide(.purchase(PurchaseRequest(productID: F.milk, amount: 1, locationID: nowhere)))
        }
        #expect(throws: InventoryError.unknownUnit(furlong)) {
            try kitchen.decide(.purchase(PurchaseRequest(productID: F.milk, amount: 1, unit: furlong)))
        }
    }

    @Test("a product without stock unit or default location needs them in the command")
    func missingDefaults() throws {
        let kitchen = try F.kitchen()
        #expect(throws: InventoryError.missingUnit(F.salt)) {
            try kitchen.decide(.purchase(PurchaseRequest(productID: F.salt, amount: 1, locationID: F.pantry)))
        }
        #expect(throws: InventoryError.missingLocation(F.salt)) {
            try kitchen.decide(.purchase(PurchaseRequest(productID: F.salt, amount: 1, unit: F.pack)))
        }
    }

    @Test("a unit that does not convert to the product's stock unit is refused")
    func unitWithoutConversion() throws {
        let kitchen = try F.kitchen()
        #expect(throws: InventoryError.noUnitConversion(from: F.pack, to: F.gram, product: F.flour)) {
            try kitchen.decide(.purchase(PurchaseRequest(productID: F.flour, amount: 1, unit: F.pack)))
        }
    }

    @Test("a negative price is refused")
    func negativePrice() throws {
        let kitchen = try F.kitchen()
        #expect(throws: InventoryError.invalidAmount(-1)) {
            try kitchen.decide(.purchase(PurchaseRequest(productID: F.milk, amount: 1, price: -1)))
        }
    }

    @Test("a purchase fulfilling a shopping list item removes it in the same transaction")
    func fulfilsShoppingListItem() throws {
        var kitchen = try F.kitchen()
        try kitchen.run(.addShoppingListItem(ShoppingListRequest(productID: F.milk, amount: 2)))
        let item = try #require(kitchen.state.shoppingListItems.keys.first)
        let entries = try kitchen.run(
            .purchase(PurchaseRequest(productID: F.milk, amount: 2, shoppingListItemID: item)))
        #expect(entries.count == 2)
        #expect(Set(entries.map(\.transactionID)).count == 1)
        #expect(kitchen.state.shoppingListItems.isEmpty)
    }
}
