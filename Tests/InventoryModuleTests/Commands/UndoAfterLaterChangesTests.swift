import Foundation
import InventoryModule
import Testing

/// The undo rule: a transaction can be undone while no later transaction that is not undone used what it produced
/// — consumed from, moved, opened, edited, split or counted (a correction whose scope held one of its lots) one of
/// its lots. Otherwise the undo is refused with `undoRefused`, naming those later transactions.
///
/// Every scenario checks that the device's stepwise fold, the full fold of its journal and a checkpoint of it
/// reopened agree, and the refusals are decided from the reopened checkpoint.
@Suite("Undo after later changes: refused while a later transaction used or counted what it produced")
struct UndoAfterLaterChangesTests {
    // MARK: - After a move

    @Test("undoing a move that a later correction counted is refused and leaves the total; undone in turn, it works")
    func moveCountedByCorrection() throws {
        var kitchen = try F.kitchen()
        let purchase = try Self.transaction(kitchen.run(.purchase(PurchaseRequest(productID: F.milk, amount: 1, locationID: F.pantry))))
        let lot = try #require(kitchen.state.lots.keys.first)
        let move = try Self.transaction(
            kitchen.run(.transfer(TransferRequest(productID: F.milk, amount: 1, scope: .lot(lot), destination: F.fridge))))
        let correction = try Self.transaction(
            kitchen.run(.correct(CorrectionRequest(productID: F.milk, amount: 2, locationID: F.fridge))))
        #expect(kitchen.total(F.milk) == 2)
        #expect(kitchen.state.transactions[correction]?.countedLots == [lot])
        try Self.reopen(&kitchen)

        #expect(throws: InventoryError.undoRefused(move, dependents: [correction])) { try kitchen.decide(.undo(move)) }
        #expect(throws: InventoryError.undoRefused(purchase, dependents: [move, correction])) {
            try kitchen.decide(.undo(purchase))
        }
        #expect(kitchen.total(F.milk) == 2)

        try kitchen.run(.undo(correction))
        #expect(kitchen.total(F.milk) == 1)
        #expect(Self.amount(F.milk, at: F.fridge, in: kitchen) == 1)
        try kitchen.run(.undo(move))
        #expect(kitchen.total(F.milk) == 1)
        #expect(Self.amount(F.milk, at: F.pantry, in: kitchen) == 1)
        try Self.reopen(&kitchen)
        try kitchen.run(.undo(purchase))
        #expect(kitchen.state.lots.isEmpty)
        try Self.reopen(&kitchen)
    }

    @Test("a correction of another location does not count the moved lot, so it does not block the move's undo")
    func correctionElsewhereDoesNotBlock() throws {
        var kitchen = try F.kitchen()
        let lot = try kitchen.buy(F.milk, 1, at: F.pantry)
        let move = try Self.transaction(
            kitchen.run(.transfer(TransferRequest(productID: F.milk, amount: 1, scope: .lot(lot), destination: F.fridge))))
        try kitchen.run(.correct(CorrectionRequest(productID: F.milk, amount: 2, locationID: F.cellar)))
        #expect(kitchen.state.dependents(of: move).isEmpty)
        try kitchen.run(.undo(move))
        #expect(kitchen.total(F.milk) == 3)
        #expect(Self.amount(F.milk, at: F.pantry, in: kitchen) == 1)
        try Self.reopen(&kitchen)
    }

    // MARK: - After a correction

    @Test("a correction down takes from the purchased lot: the purchase's undo is refused until the correction is undone")
    func correctionDown() throws {
        var kitchen = try F.kitchen()
        let purchase = try Self.transaction(kitchen.run(.purchase(PurchaseRequest(productID: F.milk, amount: 3))))
        let correction = try Self.transaction(kitchen.run(.correct(CorrectionRequest(productID: F.milk, amount: 1))))
        #expect(kitchen.total(F.milk) == 1)
        try Self.reopen(&kitchen)
        #expect(throws: InventoryError.undoRefused(purchase, dependents: [correction])) {
            try kitchen.decide(.undo(purchase))
        }
        try kitchen.run(.undo(correction))
        #expect(kitchen.total(F.milk) == 3)
        try kitchen.run(.undo(purchase))
        #expect(kitchen.state.lots.isEmpty)
        try Self.reopen(&kitchen)
    }

    @Test("a correction that changed nothing still counted the lot and blocks the purchase's undo, but not its own")
    func correctionThatOnlyCounted() throws {
        var kitchen = try F.kitchen()
        let purchase = try Self.transaction(kitchen.run(.purchase(PurchaseRequest(productID: F.milk, amount: 2))))
        let correction = try Self.transaction(kitchen.run(.correct(CorrectionRequest(productID: F.milk, amount: 2))))
        #expect(kitchen.state.transactions[correction]?.producedLots == [])
        #expect(throws: InventoryError.undoRefused(purchase, dependents: [correction])) {
            try kitchen.decide(.undo(purchase))
        }
        let consumption = try Self.transaction(kitchen.run(.consume(ConsumeRequest(productID: F.milk, amount: 1))))
        try Self.reopen(&kitchen)
        #expect(throws: InventoryError.undoRefused(purchase, dependents: [correction, consumption])) {
            try kitchen.decide(.undo(purchase))
        }
        try kitchen.run(.undo(correction))
        #expect(kitchen.total(F.milk) == 1)
        try Self.reopen(&kitchen)
    }

    // MARK: - After a consumption

    @Test("a consumption from the purchased lot refuses the purchase's undo; one from another lot does not")
    func consumptionOfSameOrOtherLot() throws {
        var kitchen = try F.kitchen()
        let fridgePurchase = try Self.transaction(kitchen.run(.purchase(PurchaseRequest(productID: F.milk, amount: 1))))
        let pantryPurchase = try Self.transaction(
            kitchen.run(.purchase(PurchaseRequest(productID: F.milk, amount: 2, locationID: F.pantry))))
        let pantryLot = try #require(kitchen.state.lots.values.first { $0.locationID == F.pantry }?.id)
        let consumption = try Self.transaction(
            kitchen.run(.consume(ConsumeRequest(productID: F.milk, amount: 1, scope: .lot(pantryLot)))))
        try Self.reopen(&kitchen)
        #expect(throws: InventoryError.undoRefused(pantryPurchase, dependents: [consumption])) {
            try kitchen.decide(.undo(pantryPurchase))
        }
        try kitchen.run(.undo(fridgePurchase))
        #expect(kitchen.total(F.milk) == 1)
        #expect(Self.amount(F.milk, at: F.pantry, in: kitchen) == 1)
        try Self.reopen(&kitchen)
    }

    // MARK: - After an over-draw

    @Test("an over-draw blocks the purchase and the consumption before it; undone, it gives back what it took, not what it asked")
    func overDraw() throws {
        var a = try F.kitchen()
        let purchase = try Self.transaction(a.run(.purchase(PurchaseRequest(productID: F.milk, amount: 3))))
        var b = a.forked(replica: "b", seed: 2)
        b.now += 30
        let first = try Self.transaction(a.run(.consume(ConsumeRequest(productID: F.milk, amount: 2))))
        let over = try Self.transaction(b.run(.consume(ConsumeRequest(productID: F.milk, amount: 2))))
        a.receive(b.journal)
        #expect(a.total(F.milk) == 0)
        #expect(Self.shortfalls(in: a) == [1])
        try Self.reopen(&a)

        #expect(throws: InventoryError.undoRefused(purchase, dependents: [first, over])) { try a.decide(.undo(purchase)) }
        #expect(throws: InventoryError.undoRefused(first, dependents: [over])) { try a.decide(.undo(first)) }
        try a.run(.undo(over))
        #expect(a.total(F.milk) == 1)
        #expect(Self.shortfalls(in: a).isEmpty)
        try a.run(.undo(first))
        #expect(a.total(F.milk) == 3)
        try a.run(.undo(purchase))
        #expect(a.state.lots.isEmpty)
        try Self.reopen(&a)
    }

    @Test("an over-draw that took nothing blocks nothing: undoing the consumption before it lets it take what it asked")
    func overDrawThatTookNothing() throws {
        var a = try F.kitchen()
        let purchase = try Self.transaction(a.run(.purchase(PurchaseRequest(productID: F.milk, amount: 1))))
        var b = a.forked(replica: "b", seed: 2)
        b.now += 30
        let first = try Self.transaction(a.run(.consume(ConsumeRequest(productID: F.milk, amount: 1))))
        let over = try Self.transaction(b.run(.consume(ConsumeRequest(productID: F.milk, amount: 1))))
        a.receive(b.journal)
        #expect(Self.shortfalls(in: a) == [1])
        #expect(a.state.dependents(of: purchase) == [first])
        #expect(a.state.dependents(of: first).isEmpty)
        try Self.reopen(&a)

        try a.run(.undo(first))
        #expect(a.total(F.milk) == 0)
        #expect(Self.shortfalls(in: a).isEmpty)
        #expect(a.state.dependents(of: purchase) == [over])
        try a.run(.undo(over))
        #expect(a.total(F.milk) == 1)
        try Self.reopen(&a)
    }

    // MARK: - Helpers

    /// The transaction of a command's entries.
    static func transaction(_ entries: [InventoryJournalEntry]) throws -> TransactionID {
        try #require(entries.first?.transactionID)
    }

    /// The product's amount at a location, in the lots' own units.
    static func amount(_ product: ProductReference, at location: LocationID, in kitchen: Kitchen) -> Decimal {
        kitchen.state.lots.values.filter { $0.productID == product && $0.locationID == location }
            .reduce(0) { $0 + $1.quantity }
    }

    /// The missing amounts of the state's shortfall anomalies.
    static func shortfalls(in kitchen: Kitchen) -> [Decimal] {
        kitchen.state.anomalies.compactMap { anomaly in
            if case .shortfall(_, _, let missing, _) = anomaly { return missing }
            return nil
        }
    }

    /// Checks that the device's stepwise state equals the full fold of its journal and a checkpoint of it
    /// reopened (with the same undo dependencies), then carries on from the reopened state.
    static func reopen(_ kitchen: inout Kitchen, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let full = InventoryProjector.project(kitchen.journal)
        #expect(kitchen.state == full, sourceLocation: sourceLocation)
        let checkpoint = try #require(try InventoryCheckpoint(state: kitchen.state, of: F.home), sourceLocation: sourceLocation)
        let reopened = try checkpoint.state()
        #expect(reopened == full, sourceLocation: sourceLocation)
        for transaction in full.transactions.keys {
            #expect(
                reopened.dependents(of: transaction) == full.dependents(of: transaction), sourceLocation: sourceLocation)
        }
        kitchen.state = reopened
    }
}
