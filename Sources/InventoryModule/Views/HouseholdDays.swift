import Foundation

/// "Today" per household at one instant, worked out once per household.
struct HouseholdDays {
    let state: InventoryState
    let now: Date
    private var days: [HouseholdID: CalendarDay] = [:]

    init(state: InventoryState, now: Date) {
        self.state = state
        self.now = now
    }

    subscript(household: HouseholdID) -> CalendarDay {
        mutating get {
            if let day = days[household] { return day }
            let day = state.today(in: household, at: now)
            days[household] = day
            return day
        }
    }
}
