import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

@Suite("Household time: calendar days, time zones, reminders and the iCalendar feed (DocC: Household time)")
struct HouseholdTimeTests {
    @Test("a household in Singapore: a picked day, today, reminders and the feed")
    func householdTime() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_773_129_600))   // 2026-03-10 16:00 in Singapore
        let home = HouseholdID(UUID())
        let fridge = LocationID.derived(household: home, name: "Fridge")
        let piece = UnitID.derived(name: "piece")
        let milk = try ProductReference("4006381333931")
        // snippet: household-time
        let singapore = try HouseholdTimeZone(identifier: "Asia/Singapore")
        // Households created through this service live in Singapore (the default is the device's zone).
        let inventory = InventoryModuleService(
            storage: InMemoryStorageProvider(), replicaID: "phone", clock: clock.clock, timeZone: singapore)
        try await inventory.perform(.createHousehold(name: "Home"), in: home)
        try await inventory.perform(.defineLocation(LocationDefinition(name: "Fridge")), in: home)
        try await inventory.perform(.defineUnit(UnitDefinition(name: "piece")), in: home)

        // A date picker hands over local midnight: keep the day it shows, on the household's calendar.
        let state = try await inventory.state(of: home)
        let picked = Date(timeIntervalSince1970: 1_773_158_400)            // 2026-03-11 00:00 in Singapore
        let due = CalendarDay(containing: picked, in: state.timeZone(of: home))   // 2026-03-11
        try await inventory.perform(
            .purchase(PurchaseRequest(productID: milk, amount: 1, unit: piece, locationID: fridge, dueDate: .on(due))),
            in: home)

        // Reminders to schedule as local notifications, by id, at 09:00 Singapore time.
        let now = clock.now
        let reminders = try await inventory.state(of: home)
            .upcomingReminders(in: home, from: now, through: now + 14 * 86_400)
        // [dueToday on 2026-03-11 at 01:00 UTC, overdue on 2026-03-12 at 01:00 UTC]

        // The same as an iCalendar feed (household.ics) for calendar apps.
        let ics = HouseholdCalendarFeed(state: try await inventory.state(of: home), household: home, stamp: now)
            .render(from: now, through: now + 60 * 86_400)
        // end snippet
        #expect(due.description == "2026-03-11")
        #expect(reminders.map(\.kind) == [.dueToday, .overdue])
        #expect(reminders.first?.fireAt == Date(timeIntervalSince1970: 1_773_190_800))
        #expect(ics.contains("DTSTART;VALUE=DATE:20260311"))
    }

    @Test("whose zone: two devices that created the household offline end on the first creation's, a change on purpose wins")
    func whoseZone() async throws {
        let home = HouseholdID(UUID())
        let journal = InMemoryInventoryRemote()
        let strategy = InventorySyncStrategy(writePolicy: .localThenEnqueue)
        let early = ManualClock(Date(timeIntervalSince1970: 1_773_129_600))
        let later = ManualClock(Date(timeIntervalSince1970: 1_773_129_660))
        // snippet: household-time-zone-merge
        // Two phones create the household before they ever synced, a minute apart, in two zones.
        let kiritimati = InventoryModuleService(
            storage: InMemoryStorageProvider(), remote: journal, strategy: strategy, replicaID: "kiritimati",
            clock: early.clock, timeZone: try HouseholdTimeZone(identifier: "Pacific/Kiritimati"))
        let pagoPago = InventoryModuleService(
            storage: InMemoryStorageProvider(), remote: journal, strategy: strategy, replicaID: "pago-pago",
            clock: later.clock, timeZone: try HouseholdTimeZone(identifier: "Pacific/Pago_Pago"))
        try await kiritimati.perform(.createHousehold(name: "Home"), in: home)
        try await pagoPago.perform(.createHousehold(name: "Home"), in: home)
        for phone in [pagoPago, kiritimati, pagoPago] { try await phone.syncPending(households: [home]) }
        let merged = try await pagoPago.state(of: home).households[home]?.timeZone   // Pacific/Kiritimati

        // A person moves the household on purpose: after the next sync, every device is on Oslo.
        try await pagoPago.perform(.setHouseholdTimeZone(try HouseholdTimeZone(identifier: "Europe/Oslo")), in: home)
        for phone in [pagoPago, kiritimati] { try await phone.syncPending(households: [home]) }
        // end snippet
        #expect(merged?.identifier == "Pacific/Kiritimati")
        #expect(try await kiritimati.state(of: home).households[home]?.timeZone.identifier == "Europe/Oslo")
        #expect(try await kiritimati.state(of: home) == (try await pagoPago.state(of: home)))
    }

    @Test("lot dates: a scanned packaged-on day and a back-dated opening, with where each came from")
    func lotDates() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_773_129_600))   // 2026-03-10 08:00 UTC
        let home = HouseholdID(UUID())
        let pantry = LocationID.derived(household: home, name: "Pantry")
        let piece = UnitID.derived(name: "piece")
        let jam = try ProductReference("jam")
        let inventory = InventoryModuleService(
            storage: InMemoryStorageProvider(), replicaID: "phone", clock: clock.clock, timeZone: .utc)
        try await inventory.perform(.createHousehold(name: "Home"), in: home)
        try await inventory.perform(.defineLocation(LocationDefinition(name: "Pantry")), in: home)
        try await inventory.perform(.defineUnit(UnitDefinition(name: "piece")), in: home)
        // snippet: lot-dates
        // A label read by the camera: the packaged-on day, with the text and the recognizer's confidence.
        let label = try LotDateProvenance(kind: .packagedOn, source: .scannedLabel, rawText: "PKD 07.03.26", confidence: 0.87)
        try await inventory.perform(
            .purchase(
                PurchaseRequest(
                    productID: jam, amount: 1, unit: piece, locationID: pantry,
                    dueDate: .on(try CalendarDay(year: 2026, month: 9, day: 30)),
                    packagedOn: try CalendarDay(year: 2026, month: 3, day: 7), packagedOnProvenance: label)),
            in: home)

        // Opened two days ago, as someone remembers it (typed): the opening rule counts from that day.
        try await inventory.perform(
            .open(OpenRequest(productID: jam, openedOn: try CalendarDay(year: 2026, month: 3, day: 8))), in: home)
        let lot = try await inventory.state(of: home).lots.values.first { $0.productID == jam }
        // packagedOnProvenance: scannedLabel "PKD 07.03.26" (0.87), openedOnProvenance: typed
        // end snippet
        #expect(lot?.packagedOn?.description == "2026-03-07")
        #expect(lot?.packagedOnProvenance == label)
        #expect(lot?.openedOnProvenance?.source == .typed)
        #expect(lot?.openedAt == Date(timeIntervalSince1970: 1_772_928_000))   // 2026-03-08 00:00 UTC
    }
}
