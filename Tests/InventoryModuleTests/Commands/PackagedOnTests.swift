import Foundation
import InventoryModule
import Testing

@Suite("Packaged-on day: recorded with its provenance, part of the merge key, editable, never after today")
struct PackagedOnTests {
    /// A packaged-on day read off a label.
    static func scanned(_ kind: LotDateKind = .packagedOn) throws -> LotDateProvenance {
        try LotDateProvenance(kind: kind, source: .scannedLabel, rawText: "PKD 05.03.26", confidence: 0.7)
    }

    /// Buys one of `product` (at the fridge, due in 9 days) packaged on `day`, returning the lot.
    static func buy(
        _ kitchen: inout Kitchen, _ product: ProductReference = F.milk, packagedOn day: CalendarDay?,
        provenance: LotDateProvenance? = nil
    ) throws -> LotID {
        let entries = try kitchen.run(
            .purchase(
                PurchaseRequest(
                    productID: product, amount: 1, locationID: F.fridge, dueDate: .on(F.cal(9)), packagedOn: day,
                    packagedOnProvenance: provenance)))
        return try #require(kitchen.lotID(of: entries))
    }

    @Test("a purchase records the packaged-on day, typed unless a provenance is given; none without a day")
    func purchaseRecordsTheDay() throws {
        var kitchen = try F.kitchen()
        let typed = try Self.buy(&kitchen, packagedOn: F.cal(-2))
        #expect(kitchen.state.lots[typed]?.packagedOn == F.cal(-2))
        #expect(kitchen.state.lots[typed]?.packagedOnProvenance?.kind == .packagedOn)
        #expect(kitchen.state.lots[typed]?.packagedOnProvenance?.source == .typed)
        let scanned = try Self.buy(&kitchen, F.eggs, packagedOn: F.cal(-5), provenance: try Self.scanned())
        #expect(kitchen.state.lots[scanned]?.packagedOnProvenance == (try Self.scanned()))
        // A provenance without a day describes nothing: checked, then dropped.
        let none = try Self.buy(&kitchen, F.chicken, packagedOn: nil, provenance: try Self.scanned())
        #expect(kitchen.state.lots[none]?.packagedOn == nil && kitchen.state.lots[none]?.packagedOnProvenance == nil)
        guard case .purchase(let payload)? = kitchen.journal.last?.operation else {
            Issue.record("the last entry is not a purchase")
            return
        }
        #expect(payload.packagedOnProvenance == nil)
    }

    @Test("a packaged-on day after today is refused, and nothing is written")
    func futureDayIsRefused() throws {
        var kitchen = try F.kitchen()
        let before = kitchen.journal.count
        #expect(throws: InventoryError.dateInTheFuture(.packagedOn, day: F.cal(1), product: F.milk)) {
            _ = try Self.buy(&kitchen, packagedOn: F.cal(1))
        }
        #expect(kitchen.journal.count == before)
        _ = try Self.buy(&kitchen, packagedOn: F.cal(0))
        #expect(kitchen.journal.count == before + 1)
    }

    /// 2026-03-10 11:00 UTC is 2026-03-11 01:00 in Kiritimati (UTC+14) and 2026-03-10 00:00 in Pago Pago (UTC−11).
    @Test(
        "today is the household's: a day after the UTC day is packaged today in Kiritimati, in the future in Pago Pago",
        arguments: [("Pacific/Kiritimati", 1, true), ("Pacific/Kiritimati", 2, false), ("Pacific/Pago_Pago", 0, true),
                    ("Pacific/Pago_Pago", 1, false), ("UTC", 0, true), ("UTC", 1, false)])
    func todayIsTheHouseholds(zone: String, day: Int, accepted: Bool) throws {
        var kitchen = try F.kitchen()
        try kitchen.run(.setHouseholdTimeZone(try HouseholdTimeZone(identifier: zone)))
        kitchen.now = F.t0 + 3 * 3_600
        let before = kitchen.journal.count
        let succeeded = (try? Self.buy(&kitchen, packagedOn: F.cal(day))) != nil
        #expect(succeeded == accepted)
        #expect(kitchen.journal.count == before + (accepted ? 1 : 0))
    }

    @Test(
        "a provenance of another kind is refused for a packaged-on day, on a purchase and an edit; nothing is written",
        arguments: [LotDateKind.bestBefore, .useBy, .openedOn])
    func wrongKindIsRefused(kind: LotDateKind) throws {
        var kitchen = try F.kitchen()
        let lot = try Self.buy(&kitchen, packagedOn: nil)
        let before = kitchen.journal.count
        let error = InventoryError.provenanceKindMismatch(kind, expected: [.packagedOn])
        #expect(throws: error) { _ = try Self.buy(&kitchen, packagedOn: F.cal(-1), provenance: try Self.scanned(kind)) }
        #expect(throws: error) {
            try kitchen.run(
                .editLot(EditLotPayload(lotID: lot, packagedOn: .set(F.cal(-1)), packagedOnProvenance: try Self.scanned(kind))))
        }
        #expect(kitchen.journal.count == before)
    }

    @Test("a due date's provenance must be best before or use by; a packaged-on kind is refused")
    func dueDateProvenanceKind() throws {
        var kitchen = try F.kitchen()
        let before = kitchen.journal.count
        #expect(throws: InventoryError.provenanceKindMismatch(.packagedOn, expected: [.bestBefore, .useBy])) {
            try kitchen.run(
                .purchase(
                    PurchaseRequest(
                        productID: F.milk, amount: 1, dueDate: .on(F.cal(3)), dueDateProvenance: try Self.scanned())))
        }
        #expect(kitchen.journal.count == before)
    }

    @Test("purchases merge only into a lot packaged on the same day (or both unknown)")
    func mergeKeyHoldsTheDay() throws {
        var kitchen = try F.kitchen()
        let first = try Self.buy(&kitchen, packagedOn: F.cal(-1))
        let same = try Self.buy(&kitchen, packagedOn: F.cal(-1), provenance: try Self.scanned())
        let other = try Self.buy(&kitchen, packagedOn: F.cal(-2))
        let unknown = try Self.buy(&kitchen, packagedOn: nil)
        let unknownToo = try Self.buy(&kitchen, packagedOn: nil)
        #expect(same == first)
        #expect(kitchen.state.lots[first]?.quantity == 2)
        // The surviving lot keeps its own provenance, as it keeps its due date's.
        #expect(kitchen.state.lots[first]?.packagedOnProvenance?.source == .typed)
        #expect(Set([first, other, unknown]).count == 3)
        #expect(unknownToo == unknown)
        #expect(kitchen.state.lots.count == 3)
    }

    @Test("editLot sets the packaged-on day (typed unless given) and clears it with its provenance")
    func editSetsAndClears() throws {
        var kitchen = try F.kitchen()
        let lot = try Self.buy(&kitchen, packagedOn: nil)
        try kitchen.run(.editLot(EditLotPayload(lotID: lot, packagedOn: .set(F.cal(-3)))))
        #expect(kitchen.state.lots[lot]?.packagedOn == F.cal(-3))
        #expect(kitchen.state.lots[lot]?.packagedOnProvenance?.source == .typed)
        try kitchen.run(
            .editLot(EditLotPayload(lotID: lot, packagedOn: .set(F.cal(-4)), packagedOnProvenance: try Self.scanned())))
        #expect(kitchen.state.lots[lot]?.packagedOnProvenance == (try Self.scanned()))
        // A provenance without a new day is dropped: the lot keeps the one of its day.
        let typed = try LotDateProvenance(kind: .packagedOn, source: .typed)
        try kitchen.run(.editLot(EditLotPayload(lotID: lot, note: .set("jar"), packagedOnProvenance: typed)))
        #expect(kitchen.state.lots[lot]?.packagedOnProvenance == (try Self.scanned()))
        try kitchen.run(.editLot(EditLotPayload(lotID: lot, packagedOn: .clear)))
        #expect(kitchen.state.lots[lot]?.packagedOn == nil && kitchen.state.lots[lot]?.packagedOnProvenance == nil)
        let before = kitchen.journal.count
        #expect(throws: InventoryError.dateInTheFuture(.packagedOn, day: F.cal(2), product: F.milk)) {
            try kitchen.run(.editLot(EditLotPayload(lotID: lot, packagedOn: .set(F.cal(2)))))
        }
        #expect(kitchen.journal.count == before)
    }
}
