import Foundation

/// A day on a calendar on the fridge: a year, a month and a day of the proleptic Gregorian calendar, with no time
/// zone.
///
/// Due dates are calendar days. Which day "now" is depends on where one stands: ``init(containing:in:)`` answers
/// it for a time zone (the household's, see ``HouseholdTimeZone``). Days compare in calendar order and
/// ``adding(days:)`` counts calendar days, whatever daylight-saving changes happen on the way.
///
/// Encoded as the ISO 8601 calendar date `"2026-03-11"`. Decoding also accepts the form of earlier versions, an
/// instant (`Date`): the day is that instant's day in UTC, which is the day the earlier versions kept.
///
/// ```swift
/// let due = try CalendarDay(year: 2026, month: 3, day: 11)
/// let today = CalendarDay(containing: now, in: TimeZone(identifier: "Asia/Singapore")!)
/// let isExpired = due < today
/// ```
public struct CalendarDay: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// Days since 1970-01-01: the day's position on the calendar, the basis of order and arithmetic.
    public let daysSinceEpoch: Int

    /// The first supported day, 0001-01-01.
    public static let earliest = CalendarDay(unchecked: -719_162)
    /// The last supported day, 9999-12-31.
    public static let latest = CalendarDay(unchecked: 2_932_896)

    private init(unchecked days: Int) {
        daysSinceEpoch = days
    }

    /// The day `days` days after 1970-01-01, clamped to ``earliest``…``latest``.
    public init(daysSinceEpoch days: Int) {
        daysSinceEpoch = min(max(days, Self.earliest.daysSinceEpoch), Self.latest.daysSinceEpoch)
    }

    /// The given day.
    ///
    /// - Throws: ``InventoryError/invalidDay(year:month:day:)`` when there is no such day between the years 1 and
    ///   9999 (30 February, month 13, year 0).
    public init(year: Int, month: Int, day: Int) throws(InventoryError) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.length(ofMonth: month, year: year)).contains(day)
        else { throw .invalidDay(year: year, month: month, day: day) }
        daysSinceEpoch = Self.days(year: year, month: month, day: day)
    }

    /// The day `instant` falls on in `timeZone` (clamped to ``earliest``…``latest``).
    public init(containing instant: Date, in timeZone: TimeZone) {
        let seconds = instant.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 4e11 else {
            self = seconds > 0 ? .latest : .earliest
            return
        }
        let offset = Double(timeZone.secondsFromGMT(for: instant))
        self.init(daysSinceEpoch: Int(((seconds + offset) / 86_400).rounded(.down)))
    }

    /// The day `instant` falls on in UTC: how earlier versions, which stored due dates as instants, read a day.
    public init(utcDayOf instant: Date) {
        self.init(containing: instant, in: .gmt)
    }

    /// The year (1…9999).
    public var year: Int { components.year }
    /// The month (1…12).
    public var month: Int { components.month }
    /// The day of the month (1…31).
    public var day: Int { components.day }

    /// The day `days` calendar days later (earlier when negative), clamped to ``earliest``…``latest``.
    public func adding(days: Int) -> CalendarDay {
        let (sum, overflow) = daysSinceEpoch.addingReportingOverflow(days)
        if overflow { return days > 0 ? .latest : .earliest }
        return CalendarDay(daysSinceEpoch: sum)
    }

    /// The number of days from `self` to `other` (negative when `other` is earlier).
    public func days(until other: CalendarDay) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    /// Midnight UTC of the day: the instant earlier versions stored, and still write for readers of their form.
    public var utcMidnight: Date {
        Date(timeIntervalSince1970: Double(daysSinceEpoch) * 86_400)
    }

    /// `"2026-03-11"`.
    public var description: String {
        let (year, month, day) = components
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-" + two(month) + "-"
            + two(day)
    }

    /// The day written `"YYYY-MM-DD"`, or `nil` for any other text or a day that does not exist.
    public init?(iso8601 text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            let value = try? CalendarDay(year: year, month: month, day: day)
        else { return nil }
        self = value
    }

    /// Orders days on the calendar.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        lhs.daysSinceEpoch < rhs.daysSinceEpoch
    }

    /// Decodes `"YYYY-MM-DD"`, or an instant of earlier versions (its UTC day).
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the value is neither.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self), let day = CalendarDay(iso8601: text) {
            self = day
            return
        }
        guard let instant = try? container.decode(Date.self) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a calendar day is \"YYYY-MM-DD\" (or an instant of earlier versions)")
        }
        self.init(utcDayOf: instant)
    }

    /// Encodes `"YYYY-MM-DD"`.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    // MARK: - Civil calendar arithmetic (days ↔ year, month, day; H. Hinnant's algorithms)

    private var components: (year: Int, month: Int, day: Int) {
        let shifted = daysSinceEpoch + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func days(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func length(ofMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
