import Foundation

/// When reminders fire: a local time of day on the household's calendar (09:00 unless set) and how many days
/// ahead a due-soon reminder comes.
///
/// A time the household's zone skips on a daylight-saving day fires as late as the clocks jumped (02:30 on a
/// 02:00 → 03:00 night fires at 03:30); a time the zone shows twice fires the first time.
public struct ReminderSchedule: Hashable, Sendable, Codable {
    /// The hour of day (0…23), local to the household.
    public let hour: Int
    /// The minute (0…59).
    public let minute: Int
    /// Days before the due date a due-soon reminder fires (a product's ``ProductStockSettings/dueSoonDays``
    /// overrides it); 0 for none.
    public let dueSoonDays: Int

    /// 09:00 local, due-soon reminders ``InventoryState/defaultDueSoonDays`` days ahead.
    public static let standard = ReminderSchedule(checkedHour: 9, minute: 0, dueSoonDays: InventoryState.defaultDueSoonDays)

    /// A schedule.
    ///
    /// A negative `dueSoonDays` counts as 0, more than 3,650 as 3,650.
    ///
    /// - Throws: ``InventoryError/invalidReminderTime(hour:minute:)`` for a time outside 00:00…23:59.
    public init(hour: Int = 9, minute: Int = 0, dueSoonDays: Int = InventoryState.defaultDueSoonDays)
        throws(InventoryError)
    {
        guard (0...23).contains(hour), (0...59).contains(minute) else {
            throw .invalidReminderTime(hour: hour, minute: minute)
        }
        self.init(checkedHour: hour, minute: minute, dueSoonDays: dueSoonDays)
    }

    private init(checkedHour hour: Int, minute: Int, dueSoonDays: Int) {
        self.hour = hour
        self.minute = minute
        self.dueSoonDays = max(0, min(dueSoonDays, 3_650))
    }

    /// The instant the schedule's time of day happens on `day` in `timeZone`.
    public func moment(on day: CalendarDay, in timeZone: TimeZone) -> Date {
        InventoryCalendar.instant(hour * 3_600 + minute * 60, on: day, in: timeZone)
    }
}
