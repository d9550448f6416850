import Foundation
import InventoryModule
import Testing

@Suite("Opening day: back-dated openings on the household's calendar, with where the day came from")
struct OpenedOnProvenanceTests {
    /// An opening day read off a note on the jar.
    static func scanned(_ kind: LotDateKind = .openedOn) throws -> LotDateProvenance {
        try LotDateProvenance(kind: kind, source: .scannedLabel, rawText: "opened 8/3", confidence: 0.6)
    }

    @Test("an open back-dated two days opens at that day's start, records a typed provenance and counts the rule from it")
    func backdatedOpen() throws {
        var kitchen = try F.kitchen()
        let lot = try kitchen.buy(F.milk, 1, due: .on(F.cal(20)))
        try kitchen.run(.open(OpenRequest(productID: F.milk, scope: .lot(lot), openedOn: F.cal(-2))))
        let opened = try #require(kitchen.state.lots[lot])
        #expect(opened.isOpened)
        #expect(opened.openedAt == F.day(-2))
        #expect(opened.dueDate == F.cal(1))   // milk keeps 3 days after opening
        #expect(opened.openedOnProvenance?.kind == .openedOn && opened.openedOnProvenance?.source == .typed)
    }

    @Test("editLot back-dating records a typed provenance, or the one given")
    func backdatedEdit() throws {
        var kitchen = try F.kitchen()
        let typed = try kitchen.buy(F.milk, 1, due: .on(F.cal(20)))
        let scanned = try kitchen.buy(F.eggs, 6)
        try kitchen.run(.editLot(EditLotPayload(lotID: typed, openedOn: F.cal(-1))))
        try kitchen.run(
            .editLot(EditLotPayload(lotID: scanned, openedOn: F.cal(-2), openedOnProvenance: try Self.scanned())))
        #expect(kitchen.state.lots[typed]?.openedOnProvenance?.source == .typed)
        #expect(kitchen.state.lots[scanned]?.openedOnProvenance == (try Self.scanned()))
        #expect(kitchen.state.lots[scanned]?.openedAt == F.day(-2))
    }

    @Test("an opening on the booking's own day records no provenance unless given; resealing clears it")
    func openingNowAndResealing() throws {
        var kitchen = try F.kitchen()
        let plain = try kitchen.buy(F.milk, 1, due: .on(F.cal(20)))
        let described = try kitchen.buy(F.eggs, 6)
        try kitchen.run(.open(OpenRequest(productID: F.milk, scope: .lot(plain))))
        #expect(kitchen.state.lots[plain]?.isOpened == true && kitchen.state.lots[plain]?.openedOnProvenance == nil)
        try kitchen.run(.editLot(EditLotPayload(lotID: described, opened: true, openedOnProvenance: try Self.scanned())))
        #expect(kitchen.state.lots[described]?.openedOnProvenance == (try Self.scanned()))
        try kitchen.run(.editLot(EditLotPayload(lotID: described, opened: false)))
        #expect(kitchen.state.lots[described]?.isOpened == false)
        #expect(kitchen.state.lots[described]?.openedOnProvenance == nil)
    }

    @Test("a partly opened lot splits: the opened part carries the opening day and provenance, the sealed rest none")
    func partialOpenSplits() throws {
        var kitchen = try F.kitchen()
        let lot = try kitchen.buy(F.eggs, 6)
        try kitchen.run(.open(OpenRequest(productID: F.eggs, amount: 2, scope: .lot(lot), openedOn: F.cal(-1))))
        let opened = try #require(kitchen.state.lots.values.first { $0.isOpened })
        #expect(opened.quantity == 2 && opened.openedAt == F.day(-1) && opened.openedOnProvenance?.source == .typed)
        #expect(kitchen.state.lots[lot]?.quantity == 4 && kitchen.state.lots[lot]?.openedOnProvenance == nil)
    }

    @Test("an open dated after today is refused, and nothing is written")
    func futureOpenIsRefused() throws {
        var kitchen = try F.kitchen()
        _ = try kitchen.buy(F.milk, 1)
        let before = kitchen.journal.count
        #expect(throws: InventoryError.dateInTheFuture(.openedOn, day: F.cal(1), product: F.milk)) {
            try kitchen.run(.open(OpenRequest(productID: F.milk, openedOn: F.cal(1))))
        }
        #expect(kitchen.journal.count == before)
    }

    @Test(
        "a provenance of another kind is refused for an opening day, on an open and an edit; nothing is written",
        arguments: [LotDateKind.bestBefore, .useBy, .packagedOn])
    func wrongKindIsRefused(kind: LotDateKind) throws {
        var kitchen = try F.kitchen()
        let lot = try kitchen.buy(F.milk, 1)
        let before = kitchen.journal.count
        let error = InventoryError.provenanceKindMismatch(kind, expected: [.openedOn])
        #expect(throws: error) {
            try kitchen.run(
                .open(OpenRequest(productID: F.milk, openedOn: F.cal(-1), openedOnProvenance: try Self.scanned(kind))))
        }
        #expect(throws: error) {
            try kitchen.run(
                .editLot(EditLotPayload(lotID: lot, openedOn: F.cal(-1), openedOnProvenance: try Self.scanned(kind))))
        }
        #expect(kitchen.journal.count == before)
    }
}
