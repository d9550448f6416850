import Foundation
import InventoryModule
import InventorySync
import Testing

/// The three cases of issue 14, in zones from UTC−11 to UTC+14, around midnight and across a daylight-saving
/// change: a due date is a day on the household's calendar, and "today" is the household's today.
@Suite("Household calendar: due dates, today, overdue and expired on the household's time zone")
struct HouseholdCalendarTests {
    static let zones = ["Asia/Singapore", "America/New_York", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Oslo"]

    /// One moment of local wall-clock time and what the views must say of a lot due on `due`.
    struct Case: Sendable, CustomTestStringConvertible {
        var zone: String
        var due: (Int, Int, Int)
        var local: (day: (Int, Int, Int), hour: Int, minute: Int)
        var expired: Bool
        var dueToday: Bool
        var testDescription: String {
            "\(zone): due \(due), at \(local.day) \(local.hour):\(local.minute) → "
                + (expired ? "expired" : dueToday ? "due today" : "not yet due")
        }
    }

    static let cases: [Case] = zones.flatMap { zone in
        [
            // Issue case 2: a lot due 10 March is expired at 01:00 on 11 March local time.
            Case(zone: zone, due: (2026, 3, 10), local: ((2026, 3, 11), 1, 0), expired: true, dueToday: false),
            // Issue case 3: a lot due 9 March is not expired at 20:00 on 9 March local time: it is due today.
            Case(zone: zone, due: (2026, 3, 9), local: ((2026, 3, 9), 20, 0), expired: false, dueToday: true),
            // Around midnight: the last minute of the due day, the first minute after it.
            Case(zone: zone, due: (2026, 3, 10), local: ((2026, 3, 10), 23, 59), expired: false, dueToday: true),
            Case(zone: zone, due: (2026, 3, 10), local: ((2026, 3, 11), 0, 0), expired: true, dueToday: false),
            Case(zone: zone, due: (2026, 3, 11), local: ((2026, 3, 10), 23, 59), expired: false, dueToday: false),
            // Across Europe's daylight-saving change (29 March 2026, 02:00 → 03:00 in Oslo).
            Case(zone: zone, due: (2026, 3, 28), local: ((2026, 3, 29), 0, 30), expired: true, dueToday: false),
            Case(zone: zone, due: (2026, 3, 29), local: ((2026, 3, 29), 23, 30), expired: false, dueToday: true),
            Case(zone: zone, due: (2026, 3, 29), local: ((2026, 3, 29), 3, 0), expired: false, dueToday: true),
        ]
    }

    static func day(_ parts: (Int, Int, Int)) throws -> CalendarDay {
        try CalendarDay(year: parts.0, month: parts.1, day: parts.2)
    }

    /// The instant a wall clock in `zone` shows the time on the day (Foundation's own calendar, as an app would).
    static func instant(_ parts: (Int, Int, Int), _ hour: Int, _ minute: Int, in zone: TimeZone) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return try #require(
            calendar.date(from: DateComponents(year: parts.0, month: parts.1, day: parts.2, hour: hour, minute: minute)))
    }

    /// The standard kitchen, moved to `zone`.
    static func kitchen(in zone: String) throws -> Kitchen {
        var kitchen = try F.kitchen()
        try kitchen.run(.setHouseholdTimeZone(try HouseholdTimeZone(identifier: zone)))
        return kitchen
    }

    @Test("expired and due today follow the household's calendar", arguments: cases)
    func views(_ scenario: Case) throws {
        let zone = try #require(TimeZone(identifier: scenario.zone))
        var kitchen = try Self.kitchen(in: scenario.zone)
        let due = try Self.day(scenario.due)
        // Chicken's dates are expiry dates; without its own due-soon window, a window of 0 days is "due today".
        try kitchen.run(
            .setProductSettings(
                ProductStockSettings(productID: F.chicken, dueDateKind: .expiry, stockUnit: F.gram, defaultLocation: F.fridge)))
        let lot = try kitchen.buy(F.chicken, 100, due: .on(due))
        let now = try Self.instant(scenario.local.day, scenario.local.hour, scenario.local.minute, in: zone)
        #expect(kitchen.state.lots[lot]?.dueDate == due)
        #expect(kitchen.state.expired(now: now).map(\.id).contains(lot) == scenario.expired)
        #expect(kitchen.state.dueSoon(now: now, days: 0).map(\.id).contains(lot) == scenario.dueToday)
        #expect(kitchen.state.today(in: F.home, at: now) == (try Self.day(scenario.local.day)))
    }

    @Test("a date picker's day (local midnight) is stored as that day, not its UTC day", arguments: zones)
    func pickedDay(_ zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        var kitchen = try Self.kitchen(in: zoneName)
        let picked = try Self.instant((2026, 3, 11), 0, 0, in: zone)   // what a date picker hands over
        let day = CalendarDay(containing: picked, in: kitchen.state.timeZone(of: F.home))
        let lot = try kitchen.buy(F.milk, 1, due: .on(day))
        #expect(kitchen.state.lots[lot]?.dueDate == (try CalendarDay(year: 2026, month: 3, day: 11)))
    }

    @Test("best-before lots are overdue on the household's next day, not UTC's", arguments: zones)
    func overdue(_ zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        var kitchen = try Self.kitchen(in: zoneName)
        let lot = try kitchen.buy(F.milk, 1, due: .on(try CalendarDay(year: 2026, month: 3, day: 10)))
        #expect(kitchen.state.overdue(now: try Self.instant((2026, 3, 10), 23, 59, in: zone)).isEmpty)
        #expect(kitchen.state.overdue(now: try Self.instant((2026, 3, 11), 0, 1, in: zone)).map(\.id) == [lot])
    }

    @Test("due-date rules add calendar days from the local day of the booking", arguments: zones)
    func rulesCountLocalDays(_ zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        var kitchen = try Self.kitchen(in: zoneName)
        // Milk keeps 7 days; bought at 23:30 and 00:30 local time on two days: due 7 days after each local day.
        kitchen.now = try Self.instant((2026, 3, 27), 23, 30, in: zone)
        let first = try kitchen.buy(F.milk, 1)
        kitchen.now = try Self.instant((2026, 3, 28), 0, 30, in: zone)
        let second = try kitchen.buy(F.milk, 1, at: F.pantry)
        #expect(kitchen.state.lots[first]?.dueDate == (try CalendarDay(year: 2026, month: 4, day: 3)))
        #expect(kitchen.state.lots[second]?.dueDate == (try CalendarDay(year: 2026, month: 4, day: 4)))
    }

    @Test("a household without a time zone (an earlier version's) stays on UTC, as before")
    func legacyHouseholdIsUTC() throws {
        let kitchen = try F.kitchen()
        #expect(kitchen.state.households[F.home]?.timeZone == .utc)
        #expect(kitchen.state.today(in: F.home, at: F.t0) == F.cal(0))
    }

    @Test("an unknown time zone identifier is refused and nothing is written")
    func unknownZone() throws {
        #expect(throws: InventoryError.unknownTimeZone("Mars/Olympus_Mons")) {
            _ = try HouseholdTimeZone(identifier: "Mars/Olympus_Mons")
        }
    }
}
