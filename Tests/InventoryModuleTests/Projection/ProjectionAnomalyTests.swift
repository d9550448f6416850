import Foundation
import InventoryModule
import InventorySync
import Testing

@Suite("Anomalies: entries that cannot fully apply in the merged order apply as far as possible")
struct ProjectionAnomalyTests {
    /// Device A and device B start from the same kitchen with 2 l of milk in the fridge.
    static func devices() throws -> (Kitchen, Kitchen, LotID) {
        var a = try F.kitchen(replica: "a", seed: 1)
        let lot = try a.buy(F.milk, 2)
        return (a, a.forked(replica: "b", seed: 2), lot)
    }

    @Test("a transfer of a lot another device used up records unknownLot and moves nothing")
    func transferOfUsedUpLot() throws {
        var (a, b, lot) = try Self.devices()
        let eaten = try a.run(.consume(ConsumeRequest(productID: F.milk, amount: 2)))
        b.now += 30
        let moved = try b.run(
            .transfer(TransferRequest(productID: F.milk, amount: 1, scope: .lot(lot), destination: F.pantry)))
        a.receive(moved)
        #expect(a.state.lots.isEmpty)
        #expect(a.state.anomalies == [.unknownLot(entry: try #require(moved.first?.id), lot: lot)])
        b.receive(eaten)
        #expect(a.state == b.state)
    }

    @Test("a purchase into a location another device removed keeps the stock and records unknownLocation")
    func purchaseIntoRemovedLocation() throws {
        var (a, b, _) = try Self.devices()
        try a.run(.removeLocation(F.shelf))
        b.now += 30
        let bought = try b.run(.purchase(PurchaseRequest(productID: F.flour, amount: 100, locationID: F.shelf)))
        a.receive(bought)
        #expect(a.state.stock(of: F.flour).total == 100)
        #expect(a.state.anomalies == [.unknownLocation(entry: try #require(bought.first?.id), location: F.shelf)])
    }

    @Test("a removal of a location that meanwhile received stock keeps the location")
    func removalOfFilledLocation() throws {
        var (a, b, _) = try Self.devices()
        let bought = try a.run(.purchase(PurchaseRequest(productID: F.flour, amount: 100, locationID: F.shelf)))
        b.now += 30
        let removed = try b.run(.removeLocation(F.shelf))
        b.receive(bought)
        #expect(b.state.locations[F.shelf] != nil)
        #expect(b.state.anomalies == [.locationNotEmpty(entry: try #require(removed.first?.id), location: F.shelf)])
    }

    @Test("two concurrent re-parentings that close a cycle keep the first and drop the second's parent")
    func concurrentCycle() throws {
        var (a, b, _) = try Self.devices()
        try a.run(.defineLocation(LocationDefinition(id: F.pantry, name: "Pantry", parentID: F.fridge)))
        b.now += 30
        let second = try b.run(.defineLocation(LocationDefinition(id: F.fridge, name: "Fridge", parentID: F.pantry)))
        a.receive(b.journal)
        #expect(a.state.locations[F.pantry]?.parentID == F.fridge)
        #expect(a.state.locations[F.fridge]?.parentID == nil)
        #expect(
            a.state.anomalies == [
                .locationCycle(entry: try #require(second.first?.id), location: F.fridge, parent: F.pantry)
            ])
    }

    @Test("entries breaking command rules are skipped with invalidOperation, never crashing the fold")
    func invalidPayloads() throws {
        let (a, _, lot) = try Self.devices()
        let template = try #require(a.journal.last)
        let payloads: [InventoryOperation] = [
            .consume(ConsumePayload(productID: F.milk, amount: -1, unit: F.litre)),
            .consume(ConsumePayload(productID: F.milk, amount: .nan, unit: F.litre)),
            .purchase(
                PurchasePayload(
                    lotID: lot, productID: F.milk, amount: 1, unit: F.litre, locationID: F.fridge, purchasedAt: F.t0)),
            .defineConversion(UnitConversion(from: F.gram, to: F.kilogram, factor: 0)),
            .correct(
                CorrectionPayload(
                    productID: F.milk, amount: -3, unit: F.litre, locationID: nil, newLotID: lot,
                    additionLocationID: nil)),
            .editLot(EditLotPayload(lotID: lot, price: .set(-1))),
        ]
        var journal = a.journal
        for (index, operation) in payloads.enumerated() {
            var entry = template
            entry.id = UUID(uuid: (0xEE, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, UInt8(index)))
            entry.recordedAt = a.now + Double(index)
            entry.operation = operation
            journal.append(entry)
        }
        let state = InventoryProjector.project(journal)
        #expect(state.anomalies.count == payloads.count)
        #expect(state.anomalies.allSatisfy { if case .invalidOperation = $0 { true } else { false } })
        #expect(state.lots == a.state.lots)
    }

    @Test("a consumption in a unit that no lot converts to leaves the lots alone and says why")
    func unconvertibleLots() throws {
        let (a, _, lot) = try Self.devices()
        var entry = try #require(a.journal.last)
        entry.id = UUID(uuid: (0xEF, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))
        entry.recordedAt = a.now
        entry.operation = .consume(ConsumePayload(productID: F.milk, amount: 1, unit: F.gram))
        let state = InventoryProjector.project(a.journal + [entry])
        #expect(state.lots[lot]?.quantity == 2)
        #expect(
            state.anomalies == [
                .noUnitConversion(entry: entry.id, from: F.litre, to: F.gram, product: F.milk),
                .shortfall(entry: entry.id, product: F.milk, missing: 1, unit: F.gram),
            ])
    }

    @Test("two different entries with one id: the first in order is kept, whatever the arrival order")
    func conflictingDuplicates() throws {
        let (a, _, _) = try Self.devices()
        var first = try #require(a.journal.last)
        first.id = UUID(uuid: (0xDD, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))
        first.recordedAt = a.now
        first.operation = .consume(ConsumePayload(productID: F.milk, amount: 1, unit: F.litre))
        var second = first
        second.operation = .consume(ConsumePayload(productID: F.milk, amount: F.dec("0.5"), unit: F.litre))
        let forward = InventoryProjector.project(a.journal + [first, second])
        let backward = InventoryProjector.project([second, first] + a.journal)
        #expect(forward == backward)
        #expect(forward.anomalies == [.conflictingDuplicate(entry: first.id)])
    }

    @Test("an undo of an undo is ignored and reported, in full and incremental folds alike")
    func undoOfUndo() throws {
        var kitchen = try F.kitchen()
        let purchase = try kitchen.run(.purchase(PurchaseRequest(productID: F.milk, amount: 1)))
        let purchased = try #require(purchase.first?.transactionID)
        let undo = try #require(try kitchen.run(.undo(purchased)).first)
        var redo = undo
        redo.id = UUID(uuid: (0xDC, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))
        redo.transactionID = TransactionID(UUID(uuid: (0xDC, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 2)))
        redo.recordedAt = kitchen.now
        redo.operation = .undo(undo.transactionID)
        let full = InventoryProjector.project(kitchen.journal + [redo])
        #expect(full.lots.isEmpty)
        #expect(full.anomalies == [.invalidUndo(entry: redo.id, transaction: undo.transactionID)])
        var incremental = kitchen.state
        #expect(incremental.apply(redo) == .applied)
        #expect(incremental == full)
    }

    @Test("two devices moving the same lot to the same place: the second move changes nothing and is no anomaly")
    func sameMoveTwice() throws {
        var (a, b, lot) = try Self.devices()
        let move = InventoryCommand.transfer(
            TransferRequest(productID: F.milk, amount: 2, scope: .lot(lot), destination: F.pantry))
        try a.run(move)
        b.now += 30
        try b.run(move)
        a.receive(b.journal)
        #expect(a.state.lots[lot]?.locationID == F.pantry && a.state.lots[lot]?.quantity == 2)
        #expect(a.state.anomalies.isEmpty)
    }
}
