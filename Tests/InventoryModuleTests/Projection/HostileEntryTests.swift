import Foundation
import InventoryModule
import Testing

@Suite("Hostile entries: the fold never crashes")
struct HostileEntryTests {
    @Test("extreme dates, day counts and amounts fold without crashing")
    func extremes() throws {
        let kitchen = try F.kitchen()
        var template = try #require(kitchen.journal.last)
        let extremeSettings = ProductStockSettings(
            productID: F.salt, defaultDueDays: .days(Int.max), dueDaysAfterOpening: Int.min,
            dueDaysAfterFreezing: Int.max,
            stockUnit: F.gram, defaultLocation: F.pantry)
        let operations: [(InventoryOperation, Date)] = [
            (.setProductSettings(extremeSettings), kitchen.now),
            (
                .purchase(
                    PurchasePayload(
                        lotID: F.id(LotID.self, "far"), productID: F.salt, amount: F.dec("1e12"), unit: F.gram,
                        locationID: F.pantry,
                        purchasedAt: Date(timeIntervalSinceReferenceDate: 1e300))), kitchen.now + 1
            ),
            (
                .purchase(
                    PurchasePayload(
                        lotID: F.id(LotID.self, "inf"), productID: F.salt, amount: 1, unit: F.gram,
                        locationID: F.pantry,
                        dueDate: .on(CalendarDay(utcDayOf: Date(timeIntervalSinceReferenceDate: -.infinity))), purchasedAt: kitchen.now)),
                kitchen.now + 2
            ),
            (.open(OpenPayload(productID: F.salt, amount: F.dec("1e12"), unit: F.gram)), kitchen.now + 3),
            (
                .transfer(
                    TransferPayload(
                        productID: F.salt, amount: 5, unit: F.gram, scope: .household, destination: F.freezer)),
                kitchen.now + 4
            ),
            (.consume(ConsumePayload(productID: F.salt, amount: F.dec("1e12"), unit: F.kilogram)), kitchen.now + 5),
        ]
        var journal = kitchen.journal
        for (index, (operation, date)) in operations.enumerated() {
            template.id = UUID(uuid: (0xFA, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, UInt8(index)))
            template.recordedAt = date
            template.operation = operation
            journal.append(template)
        }
        let state = InventoryProjector.project(journal)
        #expect(state.appliedEntryIDs.count == journal.count)
        _ = state.dueSoon(now: kitchen.now)
        _ = state.shoppingList()
    }
}
