import Foundation

extension InventoryState {
    /// The reminders of `household` that fire from `start` through `end`, earliest first (then by id).
    ///
    /// For every lot with a due date: due soon (the schedule's or the product's window before the due date), due
    /// today (on the due date), and overdue or expired (the day after, by the lot's ``DueDateKind``); for every
    /// product below its minimum stock, one reminder at the first scheduled time from `start` on. Each fires at
    /// the schedule's local time on its day in the household's time zone. Reminders whose moment has passed
    /// before `start` are not returned: the views (``overdue(now:)``, ``expired(now:)``) say what is past due now.
    ///
    /// Reads the current lots only (never the history), so it costs O(lots) whatever the journal's length.
    ///
    /// ```swift
    /// let reminders = state.upcomingReminders(in: home, from: now, through: now + 14 * 86_400)
    /// // schedule each by `reminder.id` at `reminder.fireAt`; cancel scheduled ids that are no longer returned
    /// ```
    public func upcomingReminders(
        in household: HouseholdID, from start: Date, through end: Date, schedule: ReminderSchedule = .standard
    ) -> [InventoryReminder] {
        guard start <= end else { return [] }
        let zone = timeZone(of: household)
        var reminders: [InventoryReminder] = []
        func add(_ kind: InventoryReminderKind, _ lot: StockLot, due: CalendarDay, on day: CalendarDay) {
            let moment = schedule.moment(on: day, in: zone)
            guard moment >= start, moment <= end else { return }
            reminders.append(
                InventoryReminder(
                    id: InventoryReminder.id(household: household, lot: lot.id, kind: kind), kind: kind,
                    householdID: household, lotID: lot.id, productID: lot.productID, dueDate: due, day: day,
                    fireAt: moment, quantity: lot.quantity, unit: lot.unit))
        }
        for lot in lotTable.all where lot.householdID == household {
            guard let due = lot.dueDate else { continue }
            let window = productSettings[lot.productID]?.dueSoonDays ?? schedule.dueSoonDays
            if window > 0 { add(.dueSoon, lot, due: due, on: due.adding(days: -window)) }
            add(.dueToday, lot, due: due, on: due)
            add(lot.dueDateKind == .expiry ? .expired : .overdue, lot, due: due, on: due.adding(days: 1))
        }
        let firstDay = CalendarDay(containing: start, in: zone)
        let next = schedule.moment(on: firstDay, in: zone) >= start ? firstDay : firstDay.adding(days: 1)
        let moment = schedule.moment(on: next, in: zone)
        if moment <= end {
            for shortfall in belowMinimumStock() {
                reminders.append(
                    InventoryReminder(
                        id: InventoryReminder.id(household: household, product: shortfall.productID, kind: .belowMinimumStock),
                        kind: .belowMinimumStock, householdID: household, lotID: nil, productID: shortfall.productID,
                        dueDate: nil, day: next, fireAt: moment, quantity: shortfall.missing, unit: shortfall.unit))
            }
        }
        return reminders.sorted { ($0.fireAt, $0.id.uuidString) < ($1.fireAt, $1.id.uuidString) }
    }
}
