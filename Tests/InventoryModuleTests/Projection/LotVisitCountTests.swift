#if DEBUG
import Foundation
@testable import InventoryModule
import InventorySync
import Testing

@Suite("Lot visits: folding and deciding an entry looks at its product's lots, whatever the household holds")
struct LotVisitCountTests {
    /// The standard kitchen with `padding` more products in stock, one lot each, spread over the locations the
    /// workload uses.
    static func paddedKitchen(_ padding: Int) throws -> Kitchen {
        var kitchen = try F.kitchen()
        let template = try #require(kitchen.journal.last)
        let locations = [F.pantry, F.fridge, F.freezer, F.cellar]
        let uuids = UUIDSequence(seed: 0xAD)
        for index in 0..<padding {
            var entry = template
            entry.id = uuids.next()
            entry.transactionID = TransactionID(uuids.next())
            entry.recordedAt = F.t0 - 60
            entry.operation = .purchase(
                PurchasePayload(
                    lotID: LotID(uuids.next()), productID: F.id(ProductReference.self, "pad-\(index)"),
                    amount: 3, unit: F.piece, locationID: locations[index % locations.count],
                    dueDate: .on(F.cal(index % 30)), purchasedAt: F.t0 - 60))
            kitchen.journal.append(entry)
        }
        kitchen.state = InventoryProjector.project(kitchen.journal)
        #expect(kitchen.state.lots.count == padding)
        return kitchen
    }

    /// Runs a fixed workload of every stock command on the kitchen's own products, returning the lot visits of
    /// each command (deciding and folding it; an undo's decision only) and the number of entries folded.
    static func workload(on kitchen: inout Kitchen) throws -> (visits: [Int], entries: Int) {
        var visits: [Int] = []
        let before = kitchen.journal.count
        func run(_ command: InventoryCommand) throws {
            let probe = LotVisitProbe()
            _ = try LotVisitProbe.$current.withValue(probe) { try kitchen.run(command) }
            visits.append(probe.visits)
        }
        for round in 0..<8 {
            try run(.purchase(PurchaseRequest(productID: F.milk, amount: 2)))
            try run(.purchase(PurchaseRequest(productID: F.milk, amount: 1)))  // merges into the first
            try run(.purchase(PurchaseRequest(productID: F.flour, amount: 900, locationID: F.pantry, price: 1)))
            try run(.purchase(PurchaseRequest(productID: F.eggs, amount: 12, dueDate: .on(F.cal(round)))))
            try run(.consume(ConsumeRequest(productID: F.milk, amount: 1)))
            try run(.consume(ConsumeRequest(productID: F.flour, amount: 300, scope: .location(F.pantry))))
            try run(.open(OpenRequest(productID: F.eggs, amount: 2)))
            try run(.transfer(TransferRequest(productID: F.eggs, amount: 4, scope: .household, destination: F.freezer)))
            try run(.correct(CorrectionRequest(productID: F.flour, amount: 1000, locationID: F.pantry)))
            let lot = try #require(kitchen.state.stock(of: F.milk).lots.first?.id)
            try run(.editLot(EditLotPayload(lotID: lot, locationID: F.cellar)))
            try run(.consume(ConsumeRequest(productID: F.milk, amount: F.dec("0.5"), scope: .lot(lot))))
            let purchase = try kitchen.run(.purchase(PurchaseRequest(productID: F.chicken, amount: 100)))
            // Folding an undo of a folded transaction asks for a re-projection (O(entries), by design): only its
            // decision is counted.
            let target = try #require(purchase.first?.transactionID)
            let probe = LotVisitProbe()
            let undo = try LotVisitProbe.$current.withValue(probe) { try kitchen.decide(.undo(target)) }
            visits.append(probe.visits)
            kitchen.receive(undo)
            kitchen.advance(days: 1)
        }
        return (visits, kitchen.journal.count - before)
    }

    @Test("the same workload visits the same lots with 10 or 2,000 other products in stock")
    func independentOfLotCount() throws {
        var small = try Self.paddedKitchen(10)
        var large = try Self.paddedKitchen(2_000)
        let few = try Self.workload(on: &small)
        let many = try Self.workload(on: &large)
        #expect(few.visits == many.visits)
        #expect(few.entries == many.entries)
        // A handful of the workload's own lots per command, not the 2,000 others.
        #expect(many.visits.allSatisfy { $0 <= 60 }, "\(many.visits)")
        #expect(many.visits.reduce(0, +) > many.visits.count)
        #expect(small.state.stock(of: F.milk) == large.state.stock(of: F.milk))
    }

    @Test("projecting a journal visits a bounded number of lots per entry, however many lots it holds")
    func projectionVisitsPerEntry() throws {
        for padding in [100, 2_000] {
            var kitchen = try Self.paddedKitchen(padding)
            _ = try Self.workload(on: &kitchen)
            let probe = LotVisitProbe()
            let state = LotVisitProbe.$current.withValue(probe) { InventoryProjector.project(kitchen.journal) }
            #expect(state == kitchen.state)
            #expect(state.lots.count > padding)
            #expect(probe.visits <= 4 * kitchen.journal.count, "padding \(padding): \(probe.visits) visits")
        }
    }

    @Test("a walk over every lot counts every lot: the probe sees a full scan")
    func probeCountsScans() throws {
        let kitchen = try Self.paddedKitchen(50)
        let probe = LotVisitProbe()
        LotVisitProbe.$current.withValue(probe) { _ = kitchen.state.lots.values.filter { $0.quantity > 1 } }
        #expect(probe.visits == 50)
    }
}
#endif
