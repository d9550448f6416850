import Foundation
import InventoryModule

/// One line of `pantry due`: a lot already past its due date (`at` is `nil`: it is due now), or a reminder that
/// fires in the window. Ids are spelled as `stock list --json` spells them: `…Id` keys, lower-case UUIDs.
struct DueRow: Encodable {
    /// The reminder's stable id, or the lot's id for a lot past due.
    var id: String
    /// `overdue` or `expired` for a lot past due now; the reminder's kind otherwise.
    var kind: String
    /// The household.
    var householdId: String
    /// The product.
    var productId: String
    /// The product's title, or its id when the catalog has none.
    var title: String
    /// The lot, or `nil` for a minimum-stock reminder.
    var lotId: String?
    /// The lot's due date, `yyyy-MM-dd`.
    var due: String?
    /// When the reminder fires; `nil` for a lot past due now.
    var at: Date?
    /// The lot's quantity, the amount missing to the minimum, or what an over-draw asked beyond the stock.
    var amount: String
    /// For kind `overdrawn`: the open over-draw (settle it with `pantry stock settle`).
    var overdraw: OverdrawLine?

    /// The kind in words, as the table shows it (`--json` keeps ``kind``): `due today`, `below minimum`.
    var phrase: String {
        switch kind {
        case InventoryReminderKind.dueSoon.rawValue: "due soon"
        case InventoryReminderKind.dueToday.rawValue: "due today"
        case InventoryReminderKind.overdue.rawValue: "overdue"
        case InventoryReminderKind.expired.rawValue: "expired"
        case InventoryReminderKind.belowMinimumStock.rawValue: "below minimum"
        case "overdrawn": "over-drawn"
        default: kind
        }
    }

    /// An open over-draw: due now, until it is settled. Its id is the short consumption's entry id.
    init(overdrawn line: OverdrawLine, household: HouseholdID) {
        id = line.entryId
        kind = "overdrawn"
        householdId = household.rawValue.lowercased()
        productId = line.productId
        title = line.title
        lotId = nil
        due = nil
        at = nil
        amount = line.missing
        overdraw = line
    }

    /// A lot past due now.
    init(pastDue lot: StockLot, kind: InventoryReminderKind, title: String) {
        id = lot.id.rawValue.lowercased()
        self.kind = kind.rawValue
        householdId = lot.householdID.rawValue.lowercased()
        productId = lot.productID.rawValue
        self.title = title
        lotId = lot.id.rawValue.lowercased()
        due = lot.dueDate?.description
        at = nil
        amount = Output.amount(lot.quantity)
    }

    /// A reminder in the window.
    init(_ reminder: InventoryReminder, title: String) {
        id = reminder.id.uuidString.lowercased()
        kind = reminder.kind.rawValue
        householdId = reminder.householdID.rawValue.lowercased()
        productId = reminder.productID.rawValue
        self.title = title
        lotId = reminder.lotID?.rawValue.lowercased()
        due = reminder.dueDate?.description
        at = reminder.fireAt
        amount = Output.amount(reminder.quantity)
    }

    /// The rows of `pantry due`: what is past due now, earliest due first, then the reminders in the window that
    /// are not about a lot already listed as past due.
    static func rows(
        state: InventoryState, household: HouseholdID, now: Date, reminders: [InventoryReminder], titles: ProductTitles
    ) -> [DueRow] {
        let pastDue = state.overdue(now: now).map { ($0, InventoryReminderKind.overdue) }
            + state.expired(now: now).map { ($0, InventoryReminderKind.expired) }
        let ours = pastDue.filter { $0.0.householdID == household }
            .sorted { ($0.0.dueDate ?? .latest, $0.0.id) < ($1.0.dueDate ?? .latest, $1.0.id) }
        let listed = Set(ours.map(\.0.id))
        return ours.map { DueRow(pastDue: $0.0, kind: $0.1, title: titles.title($0.0.productID)) }
            + reminders.filter { reminder in reminder.lotID.map { !listed.contains($0) } ?? true }
                .map { DueRow($0, title: titles.title($0.productID)) }
    }
}
