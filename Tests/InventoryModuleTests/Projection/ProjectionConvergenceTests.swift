import Foundation
import InventoryKitTesting
import InventoryModule
import Testing

@Suite("Projection: a pure function of the entry set")
struct ProjectionConvergenceTests {
    /// Two devices that share a kitchen, book offline (concurrent consumptions, transfers, undo, corrections,
    /// edits, shopping list), and finally exchange everything.
    static func busyJournal() throws -> [InventoryJournalEntry] {
        var a = try F.kitchen(replica: "a", seed: 1)
        let milk = try a.buy(F.milk, 3)
        try a.buy(F.eggs, 2, unit: F.pack)
        let chicken = try a.buy(F.chicken, 600)
        try a.buy(F.flour, F.dec("2.5"), unit: F.kilogram)
        var b = a.forked(replica: "b", seed: 2)
        b.now += 30
        try a.run(.consume(ConsumeRequest(productID: F.milk, amount: 2, scope: .lot(milk))))
        try b.run(.consume(ConsumeRequest(productID: F.milk, amount: F.dec("1.5"), scope: .lot(milk), spoiled: true)))
        try a.run(.open(OpenRequest(productID: F.eggs, amount: 1)))
        try b.run(
            .transfer(TransferRequest(productID: F.chicken, amount: 200, scope: .lot(chicken), destination: F.freezer)))
        try a.run(.consume(ConsumeRequest(productID: F.chicken, amount: 500)))
        try b.run(.consume(ConsumeRequest(productID: F.flour, amount: 333, unit: F.gram)))
        let bought = try b.run(.purchase(PurchaseRequest(productID: F.peas, amount: 450)))
        try b.run(.undo(try #require(bought.first?.transactionID)))
        try a.run(.correct(CorrectionRequest(productID: F.flour, amount: 2000)))
        try a.run(.addShoppingListItem(ShoppingListRequest(note: "bread")))
        try b.run(.editLot(EditLotPayload(lotID: chicken, note: .set("thighs"))))
        try b.run(.defineLocation(LocationDefinition(name: "Garage")))
        try a.buy(F.milk, 1)
        b.receive(a.journal)
        a.receive(b.journal)
        #expect(a.state == b.state)
        return a.journal
    }

    @Test("200 seeded shuffles (with repeated entries) of a busy journal give an identical state")
    func shuffles() throws {
        let journal = try Self.busyJournal()
        let reference = InventoryProjector.project(journal)
        #expect(!reference.anomalies.isEmpty)
        for seed in 0..<200 {
            var random = SeededRandomNumberGenerator(seed: UInt64(seed))
            var shuffled = journal.shuffled(using: &random)
            shuffled += shuffled.prefix(seed % 7)
            let state = InventoryProjector.project(shuffled)
            #expect(state == reference, "seed \(seed)")
            if state != reference { break }
        }
    }

    @Test("the busy journal's totals are the sum of its operations, with shortfalls reported")
    func busyTotals() throws {
        let state = InventoryProjector.project(try Self.busyJournal())
        #expect(state.stock(of: F.milk).total == 1)
        #expect(state.stock(of: F.flour).total == 2000)
        #expect(state.stock(of: F.peas).lots.isEmpty)
        // B moved 200 g of chicken to the freezer before A ate 500 g: A emptied the fridge lot (due first) and took
        // 100 g of the frozen part, so B's later note on the fridge lot finds no lot.
        #expect(state.stock(of: F.chicken).total == 100)
        #expect(state.stock(of: F.chicken).lots.map(\.locationID) == [F.freezer])
        #expect(state.anomalies.contains { if case .unknownLot = $0 { true } else { false } })
        #expect(
            state.anomalies.contains {
                if case .shortfall(_, F.milk, F.dec("0.5"), F.litre) = $0 { true } else { false }
            })
    }

    struct OfflineCase: Sendable, CustomTestStringConvertible {
        var a: Decimal
        var b: Decimal
        var left: Decimal?
        var missing: Decimal?
        var testDescription: String { "device A consumes \(a), device B \(b) of 2 l" }
    }

    static let offline: [OfflineCase] = [
        OfflineCase(a: F.dec("0.5"), b: 1, left: F.dec("0.5"), missing: nil),
        OfflineCase(a: 1, b: 1, left: nil, missing: nil),
        OfflineCase(a: F.dec("1.5"), b: 1, left: nil, missing: F.dec("0.5")),
        OfflineCase(a: 2, b: 2, left: nil, missing: 2),
    ]

    @Test("two devices consuming from one lot offline both keep their consumption once merged", arguments: offline)
    func offlineConsumptions(_ scenario: OfflineCase) throws {
        var a = try F.kitchen(replica: "a", seed: 1)
        let lot = try a.buy(F.milk, 2)
        var b = a.forked(replica: "b", seed: 2)
        let fromA = try a.run(.consume(ConsumeRequest(productID: F.milk, amount: scenario.a, scope: .lot(lot))))
        let fromB = try b.run(.consume(ConsumeRequest(productID: F.milk, amount: scenario.b, scope: .lot(lot))))
        a.receive(fromB)
        b.receive(fromA)
        #expect(a.state == b.state)
        #expect(a.state.lots[lot]?.quantity == scenario.left)
        let consumed = a.state.consumptionHistory.reduce(Decimal(0)) { $0 + $1.amount }
        #expect(consumed == min(scenario.a + scenario.b, 2))
        #expect(Set(a.state.consumptionHistory.map(\.entryID)).count == (scenario.a < 2 ? 2 : 1))
        let shortfalls = a.state.anomalies.compactMap { anomaly -> Decimal? in
            if case .shortfall(_, _, let missing, _) = anomaly { return missing }
            return nil
        }
        #expect(shortfalls == (scenario.missing.map { [$0] } ?? []))
        #expect(Set(a.journal.map(\.id)).isSuperset(of: (fromA + fromB).map(\.id)))
    }

    @Test("applying entries one by one in order equals projecting them all")
    func incrementalEqualsFull() throws {
        let journal = InventoryJournalEntry.ordered(try Self.busyJournal())
        var state = InventoryState()
        var reprojections = 0
        for (index, entry) in journal.enumerated() {
            switch state.apply(entry) {
            case .requiresReprojection:
                reprojections += 1
                state = InventoryProjector.project(journal[...index])
            case .applied, .skippedUndone, .skippedDuplicate, .alreadyApplied:
                break
            }
            #expect(state == InventoryProjector.project(journal[...index]), "after entry \(index)")
        }
        #expect(reprojections == 1)
    }

    @Test("apply refuses an entry sorting before the last one and ignores a repeated one, changing nothing")
    func applyOutcomes() throws {
        let journal = InventoryJournalEntry.ordered(try Self.busyJournal())
        var state = InventoryProjector.project(journal.dropFirst(3))
        let before = state
        #expect(state.apply(journal[0]) == .requiresReprojection)
        #expect(state.apply(journal[5]) == .alreadyApplied)
        #expect(state == before)
        #expect(state.lastAppliedOrderKey == journal.last?.orderKey)
    }

    @Test("an undo of a transaction already folded needs a re-projection; one of an unknown transaction does not")
    func undoIncrementally() throws {
        var kitchen = try F.kitchen()
        let purchase = try kitchen.run(.purchase(PurchaseRequest(productID: F.milk, amount: 1)))
        let undo = try kitchen.decide(.undo(try #require(purchase.first?.transactionID)))
        var state = kitchen.state
        #expect(state.apply(try #require(undo.first)) == .requiresReprojection)

        var fresh = InventoryProjector.project(kitchen.journal.filter { !purchase.contains($0) })
        #expect(fresh.apply(try #require(undo.first)) == .applied)
        var late = try #require(purchase.first)
        late.recordedAt = kitchen.now + 3_600
        #expect(fresh.apply(late) == .skippedUndone)
        #expect(fresh.lots.isEmpty)
    }

    @Test("a state survives a JSON round trip, so a service can cache it")
    func stateCoding() throws {
        let state = InventoryProjector.project(try Self.busyJournal())
        let decoded = try JSONDecoder().decode(InventoryState.self, from: try JSONEncoder().encode(state))
        #expect(decoded == state)
    }
}
