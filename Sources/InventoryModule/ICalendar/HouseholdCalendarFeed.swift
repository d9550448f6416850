import Foundation

/// An RFC 5545 iCalendar feed of a household's due dates and reminders, for calendar apps to subscribe to.
///
/// Every lot with a due date is an all-day event on that day (`DTSTART;VALUE=DATE`, `DTEND` the next day) whose
/// alarms are the lot's reminders (`TRIGGER;VALUE=DATE-TIME` at each reminder's moment, in UTC); a product below
/// its minimum stock is an all-day event on the day its reminder fires. UIDs are derived from the household and the
/// lot or product (``InventoryReminder/id(household:lot:kind:)``), so a subscribed calendar updates events in place
/// instead of duplicating them. Lines end in CRLF, fold at 75 octets without splitting a UTF-8 sequence, and TEXT
/// values are escaped.
///
/// ```swift
/// let feed = HouseholdCalendarFeed(state: state, household: home, stamp: now, productName: { titles[$0] })
/// let ics = feed.render(from: now, through: now + 60 * 86_400)   // write as household.ics
/// ```
public struct HouseholdCalendarFeed: Sendable {
    /// The household's state.
    public var state: InventoryState
    /// The household.
    public var household: HouseholdID
    /// The `DTSTAMP` of every event: when the feed was made.
    public var stamp: Date
    /// The schedule reminders (alarms) fire on.
    public var schedule: ReminderSchedule
    /// A product's display name, or `nil` to show its id.
    public var productName: @Sendable (ProductReference) -> String?

    /// Creates a feed.
    public init(
        state: InventoryState, household: HouseholdID, stamp: Date, schedule: ReminderSchedule = .standard,
        productName: @escaping @Sendable (ProductReference) -> String? = { _ in nil }
    ) {
        self.state = state
        self.household = household
        self.stamp = stamp
        self.schedule = schedule
        self.productName = productName
    }

    /// The UID of the event of a lot's due date.
    public static func uid(household: HouseholdID, lot: LotID) -> String {
        InventoryReminder.id(household: household, lot: lot, kind: .dueToday).uuidString.lowercased() + "@inventorykit"
    }

    /// The UID of the event of a product's minimum-stock reminder.
    public static func uid(household: HouseholdID, product: ProductReference) -> String {
        InventoryReminder.id(household: household, product: product, kind: .belowMinimumStock).uuidString.lowercased()
            + "@inventorykit"
    }

    /// The feed: every lot with a due date (whatever the window), with the alarms of reminders that fire from
    /// `start` through `end`, and the minimum-stock reminders of that window.
    public func render(from start: Date, through end: Date) -> String {
        let reminders = state.upcomingReminders(in: household, from: start, through: end, schedule: schedule)
        let alarms = Dictionary(grouping: reminders.filter { $0.lotID != nil }) { $0.lotID }
        let name = state.households[household]?.name ?? household.rawValue
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//InventoryKit//Household calendar//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:" + ICalendarText.escaped(name + " – due dates"),
            "X-WR-TIMEZONE:" + ICalendarText.escaped(state.timeZone(of: household).identifier),
        ]
        let lots = state.lotTable.all.filter { $0.householdID == household && $0.dueDate != nil }
            .sorted(by: InventoryState.dueOrder)
        for lot in lots {
            guard let due = lot.dueDate else { continue }
            let title = productName(lot.productID) ?? lot.productID.rawValue
            let what = lot.dueDateKind == .expiry ? "use by" : "best before"
            let location = state.locations[lot.locationID]?.name ?? lot.locationID.rawValue
            lines += event(
                uid: Self.uid(household: household, lot: lot.id), day: due,
                summary: "\(title): \(what)",
                description: "\(lot.quantity) \(unitName(lot.unit, lot.quantity)) at \(location)"
                    + (lot.note.map { "\n\($0)" } ?? ""),
                alarms: alarms[lot.id] ?? [], title: title)
        }
        for reminder in reminders where reminder.kind == .belowMinimumStock {
            let title = productName(reminder.productID) ?? reminder.productID.rawValue
            lines += event(
                uid: Self.uid(household: household, product: reminder.productID), day: reminder.day,
                summary: "\(title): below minimum stock",
                description: "\(reminder.quantity) \(reminder.unit.map { unitName($0, reminder.quantity) } ?? "") missing",
                alarms: [reminder],
                title: title)
        }
        lines.append("END:VCALENDAR")
        return lines.map(ICalendarText.line).joined()
    }

    private func event(
        uid: String, day: CalendarDay, summary: String, description: String, alarms: [InventoryReminder],
        title: String
    ) -> [String] {
        var lines = [
            "BEGIN:VEVENT", "UID:" + uid, "DTSTAMP:" + ICalendarText.utcDateTime(stamp),
            "DTSTART;VALUE=DATE:" + ICalendarText.date(day), "DTEND;VALUE=DATE:" + ICalendarText.date(day.adding(days: 1)),
            "SUMMARY:" + ICalendarText.escaped(summary), "DESCRIPTION:" + ICalendarText.escaped(description),
            "TRANSP:TRANSPARENT",
        ]
        for alarm in alarms {
            lines += [
                "BEGIN:VALARM", "ACTION:DISPLAY",
                "DESCRIPTION:" + ICalendarText.escaped("\(title): \(Self.phrase(alarm.kind))"),
                "TRIGGER;VALUE=DATE-TIME:" + ICalendarText.utcDateTime(alarm.fireAt), "END:VALARM",
            ]
        }
        lines.append("END:VEVENT")
        return lines
    }

    /// The unit's name (plural when the amount is not 1), or its id when undefined.
    private func unitName(_ unit: UnitID, _ amount: Decimal) -> String {
        guard let defined = state.units[unit] else { return unit.rawValue }
        return amount == 1 ? defined.name : defined.pluralName ?? defined.name
    }

    private static func phrase(_ kind: InventoryReminderKind) -> String {
        switch kind {
        case .dueSoon: "due soon"
        case .dueToday: "due today"
        case .overdue: "past its best-before date"
        case .expired: "expired, throw it away"
        case .belowMinimumStock: "below minimum stock"
        }
    }
}
