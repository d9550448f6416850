import Foundation
import InventoryModule
import Testing

@Suite("Consume, open, transfer, correct and edit: bookings and their refusals")
struct StockCommandTests {
    @Test("consuming takes the amount out and records it in the history, spoiled or not")
    func consume() throws {
        var kitchen = try F.kitchen()
        try kitchen.buy(F.milk, 3)
        try kitchen.run(.consume(ConsumeRequest(productID: F.milk, amount: 1)))
        try kitchen.run(.consume(ConsumeRequest(productID: F.milk, amount: F.dec("0.5"), spoiled: true)))
        #expect(kitchen.total(F.milk) == F.dec("1.5"))
        #expect(kitchen.state.consumptionHistory.map(\.reason) == [.consumed, .spoiled])
        #expect(kitchen.state.consumptionHistory.map(\.amount) == [1, F.dec("0.5")])
    }

    @Test("consuming in another convertible unit converts exactly (250 g of a 1 kg lot)")
    func consumeConverted() throws {
        var kitchen = try F.kitchen()
        let lot = try kitchen.buy(F.flour, 1, unit: F.kilogram)
        try kitchen.run(.consume(ConsumeRequest(productID: F.flour, amount: 250, unit: F.gram)))
        #expect(kitchen.state.lots[lot]?.quantity == F.dec("0.75"))
        #expect(kitchen.total(F.flour) == 750)
    }

    @Test("consuming more than the scope holds is refused with requested and available amounts")
    func overConsumption() throws {
        var kitchen = try F.kitchen()
        try kitchen.buy(F.milk, 2)
        try kitchen.buy(F.milk, 1, at: F.pantry)
        #expect(throws: InventoryError.overConsumption(product: F.milk, requested: 4, available: 3)) {
            try kitchen.decide(.consume(ConsumeRequest(productID: F.milk, amount: 4)))
        }
        #expect(throws: InventoryError.overConsumption(product: F.milk, requested: 2, available: 1)) {
            try kitchen.decide(.consume(ConsumeRequest(productID: F.milk, amount: 2, scope: .location(F.pantry))))
        }
    }

    @Test("consuming refuses zero amounts, unknown lots, lots of another product and unknown products")
    func consumeRefusals() throws {
        var kitchen = try F.kitchen()
        let eggs = try kitchen.buy(F.eggs, 6)
        let missing = F.id(LotID.self, "missing")
        #expect(throws: InventoryError.nonPositiveAmount(0)) {
            try kitchen.decide(.consume(ConsumeRequest(productID: F.eggs, amount: 0)))
        }
        #expect(throws: InventoryError.unknownLot(missing)) {
            try kitchen.decide(.consume(ConsumeRequest(productID: F.eggs, amount: 1, scope: .lot(missing))))
        }
        #expect(throws: InventoryError.lotProductMismatch(eggs, product: F.milk)) {
            try kitchen.decide(.consume(ConsumeRequest(productID: F.milk, amount: 1, scope: .lot(eggs))))
        }
        #expect(throws: InventoryError.unknownProduct(F.ghost)) {
            try kitchen.decide(.consume(ConsumeRequest(productID: F.ghost, amount: 1, unit: F.piece)))
        }
        let nowhere = F.id(LocationID.self, "nowhere")
        #expect(throws: InventoryError.unknownLocation(nowhere)) {
            try kitchen.decide(.consume(ConsumeRequest(productID: F.eggs, amount: 1, scope: .location(nowhere))))
        }
    }

    @Test("consuming in a unit without a conversion to the lots' unit is refused")
    func consumeWithoutConversion() throws {
        var kitchen = try F.kitchen()
        try kitchen.buy(F.eggs, 6)
        #expect(throws: InventoryError.noUnitConversion(from: F.gram, to: F.piece, product: F.eggs)) {
            try kitchen.decide(.consume(ConsumeRequest(productID: F.eggs, amount: 50, unit: F.gram)))
        }
        try kitchen.run(.consume(ConsumeRequest(productID: F.eggs, amount: F.dec("0.5"), unit: F.pack)))
        #expect(kitchen.total(F.eggs) == 3)
    }

    @Test("opening part of a lot splits it into an opened lot and the sealed rest")
    func openPartly() throws {
        var kitchen = try F.kitchen()
        let lot = try kitchen.buy(F.milk, 3)
        let entries = try kitchen.run(.open(OpenRequest(productID: F.milk)))
        let entryID = try #require(entries.first?.id)
        let opened = try #require(kitchen.state.lots[LotID.split(entry: entryID, index: 1)])
        #expect(opened.quantity == 1 && opened.status == .opened && opened.openedAt == F.t0 + 60)
        #expect(kitchen.state.lots[lot]?.quantity == 2 && kitchen.state.lots[lot]?.status == .available)
    }

    @Test("opening a whole lot opens it in place, and an opened lot cannot be opened again")
    func openWhole() throws {
        var kitchen = try F.kitchen()
        let lot = try kitchen.buy(F.milk, 1)
        try kitchen.run(.open(OpenRequest(productID: F.milk, scope: .lot(lot))))
        #expect(kitchen.state.lots[lot]?.status == .opened)
        #expect(throws: InventoryError.overConsumption(product: F.milk, requested: 1, available: 0)) {
            try kitchen.decide(.open(OpenRequest(productID: F.milk, scope: .lot(lot))))
        }
    }

    @Test("a transfer to where the stock already is is refused, by location or by lot")
    func transferToSameLocation() throws {
        var kitchen = try F.kitchen()
        let lot = try kitchen.buy(F.milk, 2)
        #expect(throws: InventoryError.transferToSameLocation(F.fridge)) {
            try kitchen.decide(
                .transfer(
                    TransferRequest(productID: F.milk, amount: 1, scope: .location(F.fridge), destination: F.fridge)))
        }
        #expect(throws: InventoryError.transferToSameLocation(F.fridge)) {
            try kitchen.decide(
                .transfer(TransferRequest(productID: F.milk, amount: 1, scope: .lot(lot), destination: F.fridge)))
        }
    }

    @Test("a partial transfer splits the lot: the moved part is a new lot at the destination")
    func transferSplits() throws {
        var kitchen = try F.kitchen()
        let lot = try kitchen.buy(F.milk, 2)
        let entries = try kitchen.run(
            .transfer(TransferRequest(productID: F.milk, amount: F.dec("0.5"), scope: .lot(lot), destination: F.pantry))
        )
        let entryID = try #require(entries.first?.id)
        let moved = try #require(kitchen.state.lots[LotID.split(entry: entryID, index: 1)])
        #expect(moved.locationID == F.pantry && moved.quantity == F.dec("0.5") && moved.purchasedAt == F.t0)
        #expect(kitchen.state.lots[lot]?.quantity == F.dec("1.5") && kitchen.state.lots[lot]?.locationID == F.fridge)
        #expect(kitchen.total(F.milk) == 2)
    }

    @Test("a transfer to an unknown location, or of more than there is, is refused")
    func transferRefusals() throws {
        var kitchen = try F.kitchen()
        try kitchen.buy(F.milk, 2)
        let nowhere = F.id(LocationID.self, "nowhere")
        #expect(throws: InventoryError.unknownLocation(nowhere)) {
            try kitchen.decide(
                .transfer(TransferRequest(productID: F.milk, amount: 1, scope: .household, destination: nowhere)))
        }
        #expect(throws: InventoryError.overConsumption(product: F.milk, requested: 3, available: 2)) {
            try kitchen.decide(
                .transfer(TransferRequest(productID: F.milk, amount: 3, scope: .household, destination: F.pantry)))
        }
    }

    @Test("a correction up adds the difference as a new lot with the product's defaults")
    func correctUp() throws {
        var kitchen = try F.kitchen()
        try kitchen.buy(F.milk, 1)
        let entries = try kitchen.run(.correct(CorrectionRequest(productID: F.milk, amount: F.dec("2.5"))))
        let lot = try #require(kitchen.lotID(of: entries).flatMap { kitchen.state.lots[$0] })
        #expect(lot.quantity == F.dec("1.5") && lot.locationID == F.fridge && lot.dueDate == F.cal(7))
        #expect(kitchen.total(F.milk) == F.dec("2.5"))
    }

    @Test("a correction down consumes the difference in the consumption order, recorded as corrected")
    func correctDown() throws {
        var kitchen = try F.kitchen()
        let early = try kitchen.buy(F.milk, 1, due: .on(F.cal(2)))
        let late = try kitchen.buy(F.milk, 1, due: .on(F.cal(5)))
        try kitchen.run(.correct(CorrectionRequest(productID: F.milk, amount: F.dec("0.25"))))
        #expect(kitchen.state.lots[early] == nil)
        #expect(kitchen.state.lots[late]?.quantity == F.dec("0.25"))
        #expect(kitchen.state.consumptionHistory.map(\.reason) == [.corrected, .corrected])
    }

    @Test("a correction to zero at one location empties only that location")
    func correctLocationToZero() throws {
        var kitchen = try F.kitchen()
        try kitchen.buy(F.milk, 1)
        try kitchen.buy(F.milk, 2, at: F.pantry)
        try kitchen.run(.correct(CorrectionRequest(productID: F.milk, amount: 0, locationID: F.pantry)))
        #expect(kitchen.total(F.milk) == 1)
    }

    @Test("a correction refuses negative amounts and an increase with nowhere to put it")
    func correctRefusals() throws {
        let kitchen = try F.kitchen()
        #expect(throws: InventoryError.invalidAmount(-1)) {
            try kitchen.decide(.correct(CorrectionRequest(productID: F.milk, amount: -1)))
        }
        #expect(throws: InventoryError.missingLocation(F.salt)) {
            try kitchen.decide(.correct(CorrectionRequest(productID: F.salt, amount: 1, unit: F.pack)))
        }
    }

    @Test("editing a lot changes due day, price and note; an empty edit or an unknown lot is refused")
    func editLot() throws {
        var kitchen = try F.kitchen()
        let lot = try kitchen.buy(F.milk, 1, price: 1)
        try kitchen.run(
            .editLot(
                EditLotPayload(lotID: lot, dueDate: .set(F.cal(9)), price: .clear, note: .set("top shelf"))))
        let edited = try #require(kitchen.state.lots[lot])
        #expect(edited.dueDate == F.cal(9) && edited.price == nil && edited.note == "top shelf")
        #expect(throws: InventoryError.emptyEdit(lot)) { try kitchen.decide(.editLot(EditLotPayload(lotID: lot))) }
        let missing = F.id(LotID.self, "missing")
        #expect(throws: InventoryError.unknownLot(missing)) {
            try kitchen.decide(.editLot(EditLotPayload(lotID: missing, note: .clear)))
        }
    }

    @Test("reopening and resealing a lot through an edit sets and clears openedAt")
    func editOpenedFlag() throws {
        var kitchen = try F.kitchen()
        let lot = try kitchen.buy(F.milk, 1, due: .on(F.cal(10)))
        try kitchen.run(.editLot(EditLotPayload(lotID: lot, opened: true)))
        #expect(kitchen.state.lots[lot]?.status == .opened)
        #expect(kitchen.state.lots[lot]?.dueDate == F.cal(3))
        try kitchen.run(.editLot(EditLotPayload(lotID: lot, opened: false)))
        #expect(kitchen.state.lots[lot]?.status == .available && kitchen.state.lots[lot]?.openedAt == nil)
    }
}
