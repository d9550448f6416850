import Foundation
import InventoryModule
import InventorySync
import Testing

@Suite("Reminders: due soon, today, overdue, expired and minimum stock, at 09:00 on the household's calendar")
struct UpcomingRemindersTests {
    static let singapore = "Asia/Singapore"

    static func kitchen() throws -> Kitchen {
        var kitchen = try F.kitchen()
        try kitchen.run(.setHouseholdTimeZone(try HouseholdTimeZone(identifier: singapore)))
        return kitchen
    }

    static let fortnight: TimeInterval = 14 * 86_400

    @Test("a lot due in three days gets due-today and overdue reminders at 09:00 local; expiry lots get expired")
    func kindsAndMoments() throws {
        var kitchen = try Self.kitchen()
        let milk = try kitchen.buy(F.milk, 1, due: .on(F.cal(3)))      // best before, due 2026-03-13
        let chicken = try kitchen.buy(F.chicken, 100, due: .on(F.cal(4)))   // expiry, its own window: 1 day
        let reminders = kitchen.state.upcomingReminders(in: F.home, from: F.t0, through: F.t0 + Self.fortnight)
        let milkKinds = reminders.filter { $0.lotID == milk }.map(\.kind)
        let chickenKinds = reminders.filter { $0.lotID == chicken }.map(\.kind)
        #expect(milkKinds == [.dueToday, .overdue])   // due soon would fire on 2026-03-08, before `from`
        #expect(chickenKinds == [.dueSoon, .dueToday, .expired])
        // 09:00 in Singapore (UTC+8) on 2026-03-13 is 01:00 UTC.
        let dueToday = try #require(reminders.first { $0.lotID == milk && $0.kind == .dueToday })
        #expect(dueToday.day == F.cal(3))
        #expect(dueToday.fireAt == F.day(3) + 3_600)
        #expect(reminders.map(\.fireAt) == reminders.map(\.fireAt).sorted())
    }

    @Test("ids are stable across recomputation and devices, and derived from household, lot and kind")
    func stableIDs() throws {
        var phone = try Self.kitchen()
        try phone.buy(F.milk, 1, due: .on(F.cal(3)))
        let tablet = phone.forked(replica: "tablet", seed: 9)
        let first = phone.state.upcomingReminders(in: F.home, from: F.t0, through: F.t0 + Self.fortnight)
        let again = phone.state.upcomingReminders(in: F.home, from: F.t0, through: F.t0 + Self.fortnight)
        let elsewhere = InventoryProjector.project(tablet.journal.shuffled())
            .upcomingReminders(in: F.home, from: F.t0, through: F.t0 + Self.fortnight)
        #expect(first == again && first == elsewhere)
        for reminder in first {
            let expected = reminder.lotID.map { InventoryReminder.id(household: F.home, lot: $0, kind: reminder.kind) }
                ?? InventoryReminder.id(household: F.home, product: reminder.productID, kind: reminder.kind)
            #expect(reminder.id == expected)
        }
        #expect(Set(first.map(\.id)).count == first.count)
    }

    @Test("a consumed lot's reminders disappear; a product below its minimum gets one at the next 09:00")
    func consumedLotsDisappear() throws {
        var kitchen = try Self.kitchen()
        let lot = try kitchen.buy(F.milk, 3, due: .on(F.cal(3)))
        #expect(kitchen.state.upcomingReminders(in: F.home, from: F.t0, through: F.t0 + Self.fortnight)
            .contains { $0.lotID == lot })
        try kitchen.run(.consume(ConsumeRequest(productID: F.milk, amount: 3)))
        let after = kitchen.state.upcomingReminders(in: F.home, from: F.t0, through: F.t0 + Self.fortnight)
        #expect(!after.contains { $0.lotID == lot })
        // Milk's minimum is 2 litres: one reminder, at 09:00 Singapore on the next day (t0 is 16:00 there).
        let low = after.filter { $0.kind == .belowMinimumStock && $0.productID == F.milk }
        #expect(low.count == 1 && low.first?.fireAt == F.day(1) + 3_600)
    }

    @Test("the reminder time is configurable and validated")
    func schedule() throws {
        var kitchen = try Self.kitchen()
        let lot = try kitchen.buy(F.milk, 1, due: .on(F.cal(3)))
        let evening = try ReminderSchedule(hour: 19, minute: 30, dueSoonDays: 0)
        let reminders = kitchen.state.upcomingReminders(
            in: F.home, from: F.t0, through: F.t0 + Self.fortnight, schedule: evening)
        let today = try #require(reminders.first { $0.lotID == lot && $0.kind == .dueToday })
        #expect(today.fireAt == F.day(3) + 11.5 * 3_600)
        #expect(throws: InventoryError.invalidReminderTime(hour: 24, minute: 0)) { try ReminderSchedule(hour: 24) }
    }
}
