import Foundation

/// Calendar days in UTC on the Gregorian calendar, whatever the machine's time zone: due dates have day
/// precision, and "n days later" means n calendar days.
enum InventoryCalendar {
    /// The Gregorian calendar in UTC.
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    /// The largest distance from the reference date, in seconds, that calendar arithmetic is asked about
    /// (about 300,000 years); dates beyond it are used as they are, so hostile input never reaches the calendar.
    static let supportedRange: ClosedRange<TimeInterval> = -1e13...1e13

    /// The largest day count added to a date (about 2,700 years); larger counts are clamped.
    static let maximumDays = 1_000_000

    /// Midnight UTC of the day `date` falls on.
    static func day(of date: Date) -> Date {
        guard supportedRange.contains(date.timeIntervalSinceReferenceDate) else { return date }
        return calendar.startOfDay(for: date)
    }

    /// Midnight UTC of the day `days` calendar days after the day of `date`.
    static func day(_ days: Int, after date: Date) -> Date {
        let start = day(of: date)
        let days = min(max(days, -maximumDays), maximumDays)
        guard supportedRange.contains(start.timeIntervalSinceReferenceDate) else { return start }
        return calendar.date(byAdding: .day, value: days, to: start) ?? start.addingTimeInterval(Double(days) * 86_400)
    }
}
