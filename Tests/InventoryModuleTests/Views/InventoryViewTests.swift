import Foundation
import InventoryModule
import Testing

@Suite("Views on a small household with fixed dates")
struct InventoryViewTests {
    /// Today is 2026-03-10. The fridge holds 1.5 l of milk (due in 2 and 6 days), 4 eggs a day past best-before
    /// and chicken: 300 g expired yesterday, 200 g due tomorrow, 100 g due in 3 days. The pantry holds 1 kg of
    /// flour, the cellar's shelf 250 g, the freezer 450 g of peas. Half a litre of milk was spoiled today.
    static func household() throws -> Kitchen {
        var kitchen = try F.kitchen()
        try kitchen.buy(F.milk, 1, due: .on(F.cal(2)))
        try kitchen.buy(F.milk, 1, due: .on(F.cal(6)), price: 1)
        try kitchen.run(.consume(ConsumeRequest(productID: F.milk, amount: F.dec("0.5"), spoiled: true)))
        try kitchen.buy(F.eggs, 4, due: .on(F.cal(-1)))
        try kitchen.buy(F.chicken, 300, due: .on(F.cal(-1)))
        try kitchen.buy(F.chicken, 200, due: .on(F.cal(1)))
        try kitchen.buy(F.chicken, 100, due: .on(F.cal(3)))
        try kitchen.buy(F.flour, 1, unit: F.kilogram)
        try kitchen.buy(F.flour, 250, at: F.shelf)
        try kitchen.buy(F.peas, 450)
        try kitchen.run(.addShoppingListItem(ShoppingListRequest(productID: F.eggs, amount: 12, unit: F.piece)))
        try kitchen.run(.addShoppingListItem(ShoppingListRequest(note: "bread")))
        return kitchen
    }

    @Test("stock per product totals the lots in the product's stock unit, lots in consumption order")
    func stockPerProduct() throws {
        let state = try Self.household().state
        let milk = state.stock(of: F.milk)
        #expect(milk.unit == F.litre && milk.total == F.dec("1.5"))
        #expect(milk.lots.map(\.dueDate) == [F.cal(2), F.cal(6)])
        #expect(milk.lots.map(\.quantity) == [F.dec("0.5"), 1])
        #expect(state.stock(of: F.flour).total == 1250)
        #expect(state.stock(of: F.salt).unit == nil && state.stock(of: F.salt).total == nil)
        #expect(state.stock(of: F.peas).total == 450)
        #expect(state.stockByProduct().map(\.productID) == [F.chicken, F.eggs, F.flour, F.milk, F.peas])
    }

    @Test("stock per location covers the location alone, or its whole subtree when asked")
    func stockPerLocation() throws {
        let state = try Self.household().state
        #expect(state.stock(at: F.cellar).products.isEmpty)
        let cellar = state.stock(at: F.cellar, includingSublocations: true)
        #expect(cellar.coveredLocations == [F.cellar, F.shelf])
        #expect(cellar.products.map(\.productID) == [F.flour] && cellar.products.first?.total == 250)
        #expect(state.stock(at: F.fridge).products.map(\.productID) == [F.chicken, F.eggs, F.milk])
    }

    @Test("due soon lists lots due within 5 days by default, using a product's own window when it has one")
    func dueSoon() throws {
        let state = try Self.household().state
        let soon = state.dueSoon(now: F.t0)
        #expect(soon.map(\.productID) == [F.chicken, F.milk])
        #expect(soon.map(\.dueDate) == [F.cal(1), F.cal(2)])
        let week = state.dueSoon(now: F.t0, days: 7)
        #expect(week.map(\.dueDate) == [F.cal(1), F.cal(2), F.cal(6)])
    }

    @Test("past best-before is overdue, past expiry is expired, and a lot due today is neither")
    func overdueAndExpired() throws {
        let state = try Self.household().state
        #expect(state.overdue(now: F.t0).map(\.productID) == [F.eggs])
        #expect(state.expired(now: F.t0).map(\.quantity) == [300])
        #expect(state.overdue(now: F.day(2) + 60).map(\.productID) == [F.eggs])
        #expect(state.dueSoon(now: F.day(2) + 60).first?.dueDate == F.cal(2))
    }

    @Test("below minimum stock lists products under their minimum with the missing amount")
    func belowMinimum() throws {
        let state = try Self.household().state
        #expect(
            state.belowMinimumStock() == [
                MinimumStockShortfall(productID: F.eggs, minimum: 6, current: 4, missing: 2, unit: F.piece),
                MinimumStockShortfall(
                    productID: F.milk, minimum: 2, current: F.dec("1.5"), missing: F.dec("0.5"), unit: F.litre),
            ])
    }

    @Test("the shopping list holds manual items and below-minimum products, without duplicates")
    func shoppingList() throws {
        let state = try Self.household().state
        let list = state.shoppingList()
        #expect(list.map(\.source) == [.manual, .manual, .belowMinimumStock])
        #expect(list.map(\.productID) == [F.eggs, nil, F.milk])
        #expect(list[0].amount == 12 && list[0].missingAmount == 2)
        #expect(list[1].note == "bread")
        #expect(list[2].amount == F.dec("0.5") && list[2].unit == F.litre)
    }

    @Test("the consumption history answers 'spoiled this month'")
    func spoiledThisMonth() throws {
        let state = try Self.household().state
        let march = DateInterval(start: F.day(-9), end: F.day(22))
        let spoiled = state.consumption(in: march, reasons: [.spoiled])
        #expect(spoiled.map(\.amount) == [F.dec("0.5")] && spoiled.first?.productID == F.milk)
        #expect(state.consumption(in: DateInterval(start: F.day(1), end: F.day(2))).isEmpty)
    }

    @Test("a transaction's consumption and a product's last use are the records the whole history holds")
    func consumptionOfATransactionAndLastUse() throws {
        let state = try Self.household().state
        let history = state.consumptionHistory
        #expect(!history.isEmpty)
        for transaction in Set(history.map(\.transactionID)) {
            #expect(state.consumption(of: transaction) == history.filter { $0.transactionID == transaction })
        }
        #expect(state.consumption(of: TransactionID(rawValue: UUID())).isEmpty)
        for product in Set(history.map(\.productID)) {
            let last = history.last { $0.productID == product }
            #expect(state.lastConsumption(of: product, since: .distantPast) == last)
            // A window that starts after the last use finds none.
            if let last {
                #expect(state.lastConsumption(of: product, since: last.at.addingTimeInterval(1)) == nil)
            }
        }
    }
}
