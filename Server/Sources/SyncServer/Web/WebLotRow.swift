import Foundation
import InventoryModule

/// A lot as a page shows it: product, amount, where, its dates with their provenance, a due badge counted in the
/// household's calendar days, and fresh submission ids for its forms.
struct WebLotRow: Sendable {
    /// A due badge: its text and its class (`expired`, `overdue`, `soon`, `later`).
    struct Badge: Sendable {
        let text: String
        let tone: String
    }

    /// A date of the lot with where it came from.
    struct LotDate: Sendable {
        let label: String
        let day: String
        let provenance: String?
    }

    let lotId: String
    /// The lot's path, for its forms (the id percent-encoded as one path segment).
    let lotPath: String
    let productId: String
    /// The product page's path (the id percent-encoded as one path segment).
    let productPath: String
    let title: String
    let amount: String
    let unit: String
    let location: String
    let opened: Bool
    let badge: Badge?
    let dates: [LotDate]
    let note: String?
    let purchasedOn: String
    /// The submission ids of the lot's consume and open forms (each rendered form gets its own).
    let consumeSubmission: String
    let openSubmission: String

    init(lot: StockLot, title: String?, location: String, today: CalendarDay, householdPath: String) {
        lotId = lot.id.rawValue
        lotPath = "\(householdPath)/lots/\(WebPaths.segment(lot.id.rawValue))"
        productId = lot.productID.rawValue
        productPath = "\(householdPath)/products/\(WebPaths.segment(lot.productID.rawValue))"
        self.title = title ?? lot.productID.rawValue
        amount = "\(lot.quantity)"
        unit = lot.unit.rawValue
        self.location = location
        opened = lot.isOpened
        badge = lot.dueDate.map { Self.badge(due: $0, kind: lot.dueDateKind, today: today) }
        var dates: [LotDate] = []
        if let due = lot.dueDate {
            dates.append(LotDate(
                label: lot.dueDateKind == .expiry ? "Use by" : "Best before", day: due.description,
                provenance: lot.dueDateProvenance.map(Self.provenance)))
        }
        if let packaged = lot.packagedOn {
            dates.append(LotDate(
                label: "Packaged on", day: packaged.description, provenance: lot.packagedOnProvenance.map(Self.provenance)))
        }
        if let opened = lot.openedAt {
            dates.append(LotDate(
                label: "Opened", day: WebPaths.day(opened), provenance: lot.openedOnProvenance.map(Self.provenance)))
        }
        self.dates = dates
        note = lot.note
        purchasedOn = WebPaths.day(lot.purchasedAt)
        consumeSubmission = UUID().uuidString.lowercased()
        openSubmission = UUID().uuidString.lowercased()
    }

    /// "Expired 3 days ago", "Overdue by 1 day", "Due today", "Due in 2 days", counted in calendar days of the
    /// household.
    static func badge(due: CalendarDay, kind: DueDateKind, today: CalendarDay) -> Badge {
        let days = today.days(until: due)
        if days < 0 {
            let count = Self.days(-days)
            return kind == .expiry
                ? Badge(text: "Expired \(count) ago", tone: "expired") : Badge(text: "Overdue by \(count)", tone: "overdue")
        }
        switch days {
        case 0: return Badge(text: "Due today", tone: "soon")
        case 1: return Badge(text: "Due tomorrow", tone: "soon")
        case 2...InventoryState.defaultDueSoonDays: return Badge(text: "Due in \(Self.days(days))", tone: "soon")
        default: return Badge(text: "Due \(due)", tone: "later")
        }
    }

    static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

    /// "typed", "scanned from the label “BB 12/25”", "estimated by a rule".
    static func provenance(_ provenance: LotDateProvenance) -> String {
        let source = switch provenance.source {
        case .typed: "typed in"
        case .scannedLabel: "scanned from the label"
        case .ruleEstimated: "estimated by a rule"
        }
        guard let raw = provenance.rawText, !raw.isEmpty else { return source }
        return "\(source) “\(raw)”"
    }
}
