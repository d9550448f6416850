import Foundation
import InventoryKitTesting
import InventoryModule
import Testing

@Suite("CalendarDay: civil dates without a time zone")
struct CalendarDayTests {
    @Test("every day from 1900 to 2100 round-trips through year, month, day and text, as Foundation counts them")
    func agreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        for offset in stride(from: -25_567, through: 47_482, by: 1) {
            let day = CalendarDay(daysSinceEpoch: offset)
            let parts = calendar.dateComponents([.year, .month, .day], from: day.utcMidnight)
            #expect(parts.year == day.year && parts.month == day.month && parts.day == day.day)
            #expect(try CalendarDay(year: day.year, month: day.month, day: day.day) == day)
            #expect(CalendarDay(iso8601: day.description) == day)
        }
    }

    @Test("the supported range ends at 0001-01-01 and 9999-12-31, and arithmetic clamps to it")
    func range() {
        #expect(CalendarDay.earliest.description == "0001-01-01")
        #expect(CalendarDay.latest.description == "9999-12-31")
        #expect(CalendarDay.latest.adding(days: Int.max) == .latest)
        #expect(CalendarDay.earliest.adding(days: Int.min) == .earliest)
        #expect(CalendarDay(utcDayOf: Date(timeIntervalSinceReferenceDate: .nan)) == .earliest)
    }

    @Test("days that do not exist are refused", arguments: [(2026, 2, 29), (2026, 13, 1), (0, 1, 1), (2026, 4, 31)])
    func invalid(_ parts: (Int, Int, Int)) {
        #expect(throws: InventoryError.invalidDay(year: parts.0, month: parts.1, day: parts.2)) {
            _ = try CalendarDay(year: parts.0, month: parts.1, day: parts.2)
        }
        #expect(CalendarDay(iso8601: "2026-02-30") == nil && CalendarDay(iso8601: "2026-3-1") == nil)
    }

    @Test("a day encodes as YYYY-MM-DD and decodes an earlier version's instant as its UTC day")
    func coding() throws {
        let day = try CalendarDay(year: 2026, month: 3, day: 11)
        #expect(String(decoding: try JSONEncoder().encode([day]), as: UTF8.self) == "[\"2026-03-11\"]")
        // 2026-03-11 23:00 UTC, the form of earlier versions (seconds since 2001).
        let legacy = Data("[\(Date(timeIntervalSince1970: 1_773_270_000).timeIntervalSinceReferenceDate)]".utf8)
        #expect(try JSONDecoder().decode([CalendarDay].self, from: legacy) == [day])
    }

    @Test("a local time the zone skips moves forward by the gap; one it repeats is its first occurrence")
    func daylightSavingGap() throws {
        let oslo = try #require(TimeZone(identifier: "Europe/Oslo"))
        let spring = try CalendarDay(year: 2026, month: 3, day: 29)
        let reminder = try ReminderSchedule(hour: 2, minute: 30).moment(on: spring, in: oslo)
        // 02:30 does not exist on 29 March in Oslo: 03:30 CEST, 01:30 UTC.
        #expect(reminder == Date(timeIntervalSince1970: 1_774_747_800))
        let autumn = try CalendarDay(year: 2026, month: 10, day: 25)
        let repeated = try ReminderSchedule(hour: 2, minute: 30).moment(on: autumn, in: oslo)
        // 02:30 happens twice on 25 October: the first is 02:30 CEST, 00:30 UTC.
        #expect(repeated == Date(timeIntervalSince1970: 1_792_888_200))
    }
}
