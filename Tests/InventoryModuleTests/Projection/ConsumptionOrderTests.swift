import Foundation
import InventoryModule
import Testing

@Suite("Consumption order: opened first, earliest due, no due last, first in; lots split as needed")
struct ConsumptionOrderTests {
    /// A lot of flour (in g) to buy: its amount, due day (nil = never), whether to open it, and a price that
    /// keeps otherwise identical lots apart.
    struct Lot: Sendable {
        var amount: Decimal
        var due: Int?
        var opened = false
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var lots: [Lot]
        var consume: Decimal
        /// What is left of each lot, in purchase order (nil = gone).
        var remaining: [Decimal?]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "an opened lot goes before a sealed one due earlier",
            lots: [Lot(amount: 100, due: 2), Lot(amount: 100, due: 9, opened: true)], consume: 50, remaining: [100, 50]),
        Case(
            name: "the earliest due date goes first",
            lots: [Lot(amount: 100, due: 9), Lot(amount: 100, due: 2)], consume: 150, remaining: [50, nil]),
        Case(
            name: "a lot without due date goes last",
            lots: [Lot(amount: 100, due: nil), Lot(amount: 100, due: 30)], consume: 100, remaining: [100, nil]),
        Case(
            name: "with equal due dates the first purchased goes first",
            lots: [Lot(amount: 100, due: 5), Lot(amount: 100, due: 5)], consume: 100, remaining: [nil, 100]),
        Case(
            name: "an amount larger than a lot empties it and splits the next one",
            lots: [Lot(amount: 100, due: 1), Lot(amount: 100, due: 2), Lot(amount: 100, due: 3)], consume: 250,
            remaining: [nil, nil, 50]),
        Case(
            name: "an opened lot without due date still goes first",
            lots: [Lot(amount: 100, due: 1), Lot(amount: 100, due: nil, opened: true)], consume: 150,
            remaining: [50, nil]),
        Case(
            name: "two opened lots go by due date between themselves",
            lots: [
                Lot(amount: 100, due: 8, opened: true), Lot(amount: 100, due: 4, opened: true),
                Lot(amount: 100, due: 1),
            ],
            consume: 120, remaining: [80, nil, 100]),
    ]

    @Test("consumption picks lots in order", arguments: cases)
    func order(_ scenario: Case) throws {
        var kitchen = try F.kitchen()
        var ids: [LotID] = []
        for (index, lot) in scenario.lots.enumerated() {
            let id = try kitchen.buy(
                F.flour, lot.amount, due: lot.due.map { .on(F.cal($0)) } ?? .never, price: Decimal(index))
            if lot.opened {
                try kitchen.run(.open(OpenRequest(productID: F.flour, amount: lot.amount, scope: .lot(id))))
            }
            ids.append(id)
        }
        #expect(Set(ids).count == ids.count)
        try kitchen.run(.consume(ConsumeRequest(productID: F.flour, amount: scenario.consume)))
        #expect(ids.map { kitchen.state.lots[$0]?.quantity } == scenario.remaining)
        #expect(kitchen.state.anomalies.isEmpty)
    }

    @Test("consuming from a location only touches that location's lots, even when others are due earlier")
    func locationScope() throws {
        var kitchen = try F.kitchen()
        let pantry = try kitchen.buy(F.flour, 100, due: .on(F.cal(1)))
        let shelf = try kitchen.buy(F.flour, 100, at: F.shelf, due: .on(F.cal(9)))
        try kitchen.run(.consume(ConsumeRequest(productID: F.flour, amount: 30, scope: .location(F.shelf))))
        #expect(kitchen.state.lots[pantry]?.quantity == 100 && kitchen.state.lots[shelf]?.quantity == 70)
    }

    @Test("opening picks sealed lots by due date and never re-opens an opened lot")
    func openOrder() throws {
        var kitchen = try F.kitchen()
        let late = try kitchen.buy(F.flour, 100, due: .on(F.cal(9)))
        let early = try kitchen.buy(F.flour, 100, due: .on(F.cal(2)))
        try kitchen.run(.open(OpenRequest(productID: F.flour, amount: 100)))
        #expect(kitchen.state.lots[early]?.isOpened == true && kitchen.state.lots[late]?.isOpened == false)
        try kitchen.run(.open(OpenRequest(productID: F.flour, amount: 40)))
        #expect(kitchen.state.lots[late]?.quantity == 60 && kitchen.state.lots[early]?.quantity == 100)
    }
}
