import Foundation
import InventoryModule
import Testing

@Suite("Decimal exactness: amounts never drift")
struct DecimalExactnessTests {
    @Test("1,000 consumptions of 0.1 from 100 leave exactly 0 and the lot disappears")
    func thousandTenths() throws {
        var kitchen = try F.kitchen()
        let lot = try kitchen.buy(F.flour, 100)
        let tenth = F.dec("0.1")
        for _ in 0..<999 { try kitchen.run(.consume(ConsumeRequest(productID: F.flour, amount: tenth))) }
        #expect(kitchen.state.lots[lot]?.quantity == tenth)
        try kitchen.run(.consume(ConsumeRequest(productID: F.flour, amount: tenth)))
        #expect(kitchen.state.lots[lot] == nil)
        #expect(kitchen.state.lots.isEmpty)
        #expect(kitchen.state.stock(of: F.flour).total == 0)
        #expect(kitchen.state.consumptionHistory.reduce(Decimal(0)) { $0 + $1.amount } == 100)
        #expect(kitchen.state.anomalies.isEmpty)
        #expect(InventoryProjector.project(kitchen.journal) == kitchen.state)
    }

    @Test("a 1 kg lot consumed as 1000 g in four steps is gone exactly")
    func kilogramInGrams() throws {
        var kitchen = try F.kitchen()
        let lot = try kitchen.buy(F.flour, 1, unit: F.kilogram)
        for grams in ["125", "375", "250.5"] {
            try kitchen.run(.consume(ConsumeRequest(productID: F.flour, amount: F.dec(grams), unit: F.gram)))
        }
        #expect(kitchen.state.lots[lot]?.quantity == F.dec("0.2495"))
        #expect(kitchen.total(F.flour) == F.dec("249.5"))
        try kitchen.run(.consume(ConsumeRequest(productID: F.flour, amount: F.dec("249.5"), unit: F.gram)))
        #expect(kitchen.state.lots[lot] == nil)
    }

    @Test("totals mix units exactly: 1.5 kg and 250 g of flour are 1750 g")
    func mixedUnits() throws {
        var kitchen = try F.kitchen()
        try kitchen.buy(F.flour, F.dec("1.5"), unit: F.kilogram)
        try kitchen.buy(F.flour, 250)
        let stock = kitchen.state.stock(of: F.flour)
        #expect(stock.unit == F.gram && stock.total == 1750)
        #expect(stock.amountsByUnit == [F.kilogram: F.dec("1.5"), F.gram: 250])
    }
}
