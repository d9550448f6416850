import Foundation
import InventoryModule
import Testing

@Suite("Date provenance: what a lot's date is, where it came from; back-dated openings")
struct DateProvenanceTests {
    @Test("a scanned use-by date keeps its label text and confidence")
    func scanned() throws {
        var kitchen = try F.kitchen()
        let scanned = try LotDateProvenance(kind: .useBy, source: .scannedLabel, rawText: "EXP 13/03/26", confidence: 0.92)
        let lot = try kitchen.run(
            .purchase(PurchaseRequest(productID: F.chicken, amount: 100, dueDate: .on(F.cal(3)), dueDateProvenance: scanned)))
        let id = try #require(kitchen.lotID(of: lot))
        #expect(kitchen.state.lots[id]?.dueDateProvenance == scanned)
    }

    @Test("a confidence outside 0…1 is a typed error, and nothing is written", arguments: [-0.01, 1.5, Double.nan, .infinity])
    func confidenceOutOfRange(_ confidence: Double) throws {
        #expect(throws: InventoryError.self) {
            _ = try LotDateProvenance(kind: .bestBefore, source: .scannedLabel, rawText: "BB", confidence: confidence)
        }
        // A provenance decoded from elsewhere is checked again by the decision.
        let json = Data(#"{"kind":"bestBefore","source":"scannedLabel","confidence":\#(confidence.isFinite ? "\(confidence)" : "2")}"#.utf8)
        let decoded = try JSONDecoder().decode(LotDateProvenance.self, from: json)
        var kitchen = try F.kitchen()
        let before = kitchen.journal.count
        #expect(throws: InventoryError.self) {
            try kitchen.run(
                .purchase(PurchaseRequest(productID: F.milk, amount: 1, dueDate: .on(F.cal(3)), dueDateProvenance: decoded)))
        }
        #expect(kitchen.journal.count == before)
    }

    @Test("typed days are typed, product defaults and opening rules are rule-estimated")
    func sources() throws {
        var kitchen = try F.kitchen()
        let typed = try kitchen.buy(F.milk, 1, due: .on(F.cal(9)))
        let estimated = try kitchen.buy(F.eggs, 6)
        #expect(kitchen.state.lots[typed]?.dueDateProvenance?.source == .typed)
        #expect(kitchen.state.lots[typed]?.dueDateProvenance?.kind == .bestBefore)
        #expect(kitchen.state.lots[estimated]?.dueDateProvenance?.source == .ruleEstimated)
        try kitchen.run(.editLot(EditLotPayload(lotID: typed, opened: true)))
        #expect(kitchen.state.lots[typed]?.dueDateProvenance?.source == .ruleEstimated)   // 3 days after opening
    }

    @Test("an opening back-dated two days counts the opening rule from that day; a future day is refused")
    func backdatedOpening() throws {
        var kitchen = try F.kitchen()
        let lot = try kitchen.buy(F.milk, 1, due: .on(F.cal(20)))
        #expect(throws: InventoryError.openedInTheFuture(lot, day: F.cal(1))) {
            try kitchen.run(.editLot(EditLotPayload(lotID: lot, openedOn: F.cal(1))))
        }
        try kitchen.run(.editLot(EditLotPayload(lotID: lot, openedOn: F.cal(-2))))
        let opened = try #require(kitchen.state.lots[lot])
        #expect(opened.isOpened)
        #expect(opened.dueDate == F.cal(1))   // milk keeps 3 days after opening
        #expect(opened.openedAt == F.day(-2))  // midnight of that day on the household's (UTC) calendar
    }
}
