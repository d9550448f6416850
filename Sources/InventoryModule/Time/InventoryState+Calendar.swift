import Foundation

extension InventoryState {
    /// The time zone of `household`'s calendar: its ``Household/timeZone``, UTC for a household the state does
    /// not know.
    public func timeZone(of household: HouseholdID) -> TimeZone {
        households[household]?.timeZone.timeZone ?? .gmt
    }

    /// The day `instant` falls on on `household`'s calendar: "today" for the household at that instant.
    public func today(in household: HouseholdID, at instant: Date) -> CalendarDay {
        CalendarDay(containing: instant, in: timeZone(of: household))
    }
}
