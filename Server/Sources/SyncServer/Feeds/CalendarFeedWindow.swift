import Foundation
import InventoryModule

/// The span of time a household's calendar feed covers, and the `DTSTAMP` of its events.
///
/// `HouseholdCalendarFeed` renders every lot with a due date whatever the window; the window bounds only the
/// alarms (reminders) and the below-minimum-stock events. It starts at the beginning of the household's day (in
/// its time zone, from its state) and runs ``daysAhead`` days on: alarms that already fired are left out, and a
/// below-minimum event falls on today or tomorrow rather than in the past. Since the window moves only at the
/// household's midnight, and the stamp is that midnight, the feed's bytes (and so its ETag) change only when the
/// household's state changes or its day turns.
package struct CalendarFeedWindow: Sendable, Hashable {
    /// How many days after the start of the household's day the window runs (365 by default).
    package var daysAhead: Int

    /// Creates a window; `daysAhead` below 0 counts as 0.
    package init(daysAhead: Int = 365) {
        self.daysAhead = max(0, daysAhead)
    }

    /// The window at `instant` for `household`: from the start of its day through ``daysAhead`` days later.
    package func range(
        of household: InventoryModule.HouseholdID, in state: InventoryState, at instant: Date
    ) -> (start: Date, end: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = state.timeZone(of: household)
        let start = calendar.startOfDay(for: instant)
        let end = calendar.date(byAdding: .day, value: daysAhead, to: start) ?? start.addingTimeInterval(Double(daysAhead) * 86_400)
        return (start, end)
    }
}
