import Foundation

/// Calendar arithmetic on a household's calendar: which day an instant falls on, and the instant a local time of
/// day happens on a day. Never the process's time zone: every function takes the zone it works in.
enum InventoryCalendar {
    /// The day `days` calendar days after the day `instant` falls on in `timeZone`.
    static func day(_ days: Int, after instant: Date, in timeZone: TimeZone) -> CalendarDay {
        CalendarDay(containing: instant, in: timeZone).adding(days: days)
    }

    /// The instant the clocks of `timeZone` show `secondsIntoDay` (0..<86 400) on `day`.
    ///
    /// A time that the zone skips (the hour a daylight-saving change jumps over) is moved forward by the length
    /// of the gap, as clocks are; a time the zone shows twice (the hour a change repeats) is its first occurrence.
    static func instant(_ secondsIntoDay: Int, on day: CalendarDay, in timeZone: TimeZone) -> Date {
        let local = Double(day.daysSinceEpoch) * 86_400 + Double(min(max(secondsIntoDay, 0), 86_399))
        let offsets = Set([-86_400.0, 0, 86_400].map { shift in
            Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local + shift)))
        })
        let valid = offsets.map { local - $0 }.filter { candidate in
            Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: candidate))) == local - candidate
        }
        if let first = valid.min() { return Date(timeIntervalSince1970: first) }
        // In a gap: the offset from before the change, read after it, lands the gap's length later.
        return Date(timeIntervalSince1970: local - (offsets.min() ?? 0))
    }
}
