/// What a reminder is about.
public enum InventoryReminderKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// A lot is due within the due-soon window (fires that many days before its due date).
    case dueSoon
    /// A lot is due today (fires on its due date).
    case dueToday
    /// A best-before lot is past its date (fires the day after).
    case overdue
    /// An expiry lot is past its date: throw it away (fires the day after).
    case expired
    /// A product's stock is below its minimum (fires at the next scheduled time).
    case belowMinimumStock
}
