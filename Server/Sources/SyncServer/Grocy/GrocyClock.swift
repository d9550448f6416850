import Foundation
import InventoryModule

/// Grocy's way of writing days and times, on the household's clock: days `YYYY-MM-DD` (`2999-12-31` for never),
/// timestamps `YYYY-MM-DD HH:MM:SS` in the household's time zone without a zone suffix.
struct GrocyClock: Sendable {
    /// Grocy's day for "never due".
    static let never = "2999-12-31"

    let timeZone: TimeZone
    private let calendar: Calendar

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// A due day, or Grocy's never.
    func day(_ day: CalendarDay?) -> String {
        day?.description ?? Self.never
    }

    /// The household's calendar day of `instant`.
    func day(of instant: Date) -> String {
        CalendarDay(containing: instant, in: timeZone).description
    }

    /// `instant` on the household's clock, to the second.
    func timestamp(_ instant: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        let year = String(parts.year ?? 1970)
        let paddedYear = String(repeating: "0", count: max(0, 4 - year.count)) + year
        return "\(paddedYear)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
    }

    /// The day a Grocy client sent: `YYYY-MM-DD` (a time after it is ignored); `2999-12-31` means never.
    /// - Returns: `nil` when the text is not a day.
    static func dueDate(_ text: String) -> DueDateSpecification? {
        let day = String(text.prefix(10))
        if day == never { return .never }
        return CalendarDay(iso8601: day).map { .on($0) }
    }
}
