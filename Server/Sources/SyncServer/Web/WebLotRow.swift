import Foundation
import InventoryKit
import InventoryModule
import Mustache

/// A lot as a page shows it: product, amount, where, its dates with their provenance, a due badge counted in the
/// household's calendar days, and fresh submission ids for its forms.
///
/// The templates read it through ``child(named:)`` rather than by reflection (a page may list hundreds of lots,
/// and `Mirror` builds every property's value for each name looked up); the dates and the provenance are
/// formatted only when a template asks for them.
struct WebLotRow: Sendable, MustacheParent {
    /// A due badge: its text and its class (`expired`, `overdue`, `soon`, `later`).
    struct Badge: Sendable, MustacheParent {
        let text: String
        let tone: String

        func child(named name: String) -> Any? {
            switch name {
            case "text": text
            case "tone": tone
            default: nil
            }
        }
    }

    /// A date of the lot with where it came from.
    struct LotDate: Sendable, MustacheParent {
        let label: String
        let day: String
        let provenance: String?

        func child(named name: String) -> Any? {
            switch name {
            case "label": label
            case "day": day
            case "provenance": provenance
            default: nil
            }
        }
    }

    let lot: StockLot
    let title: String
    let location: String
    /// The lot's unit as people read it: the household's name for it, plural unless the amount is 1.
    let unit: String
    let today: CalendarDay
    let householdPath: String
    /// The submission ids of the lot's consume and open forms (each rendered form gets its own).
    let consumeSubmission: String
    let openSubmission: String

    init(
        lot: StockLot, title: String?, location: String, unit: QuantityUnit?, today: CalendarDay, householdPath: String
    ) {
        self.lot = lot
        self.title = title ?? lot.productID.rawValue
        self.location = location
        self.unit = Self.unitName(unit, id: lot.unit, amount: lot.quantity)
        self.today = today
        self.householdPath = householdPath
        consumeSubmission = UUID().uuidString.lowercased()
        openSubmission = UUID().uuidString.lowercased()
    }

    /// The values the templates name: `lotId`, `lotPath` and `productPath` (ids percent-encoded as one path
    /// segment), `productId`, `title`, `amount`, `unit`, `location`, `opened`, `badge`, `dates`, `note`,
    /// `purchasedOn`, `openAmount`, `consumeSubmission`, `openSubmission`, `moveSubmission`, `correctSubmission`
    /// (the last two derived from the first, so a row makes only two random ids).
    func child(named name: String) -> Any? {
        switch name {
        case "lotId": lot.id.rawValue
        case "lotPath": "\(householdPath)/lots/\(WebPaths.segment(lot.id.rawValue))"
        case "productId": lot.productID.rawValue
        case "productPath": "\(householdPath)/products/\(WebPaths.segment(lot.productID.rawValue))"
        case "title": title
        case "amount": "\(lot.quantity)"
        case "unit": unit
        case "location": location
        case "opened": lot.isOpened
        case "badge": lot.dueDate.map { Self.badge(due: $0, kind: lot.dueDateKind, today: today) }
        case "dates": dates
        case "note": lot.note
        case "purchasedOn": WebPaths.day(lot.purchasedAt)
        case "openAmount": "\(Self.openAmount(lot.quantity))"
        case "moveSubmission": Self.derived(consumeSubmission, "move")
        case "correctSubmission": Self.derived(consumeSubmission, "correct")
        case "consumeSubmission": consumeSubmission
        case "openSubmission": openSubmission
        default: nil
        }
    }

    /// A form's submission id derived from another's: UUIDv5 of it and the form's name.
    static func derived(_ submission: String, _ form: String) -> String {
        let namespace = UUID(uuidString: submission) ?? UUID()
        return InventoryIDGenerator.uuidV5(namespace: namespace, name: form).uuidString.lowercased()
    }

    /// What "Amount to open" starts with: one of the lot's unit, or the whole lot when it holds less (one tap must
    /// not open all six eggs).
    static func openAmount(_ quantity: Decimal) -> Decimal {
        min(quantity, 1)
    }

    /// The lot's due date, packaging day and opening day, each with where it came from.
    var dates: [LotDate] {
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
        return dates
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

    /// A unit's name for an amount: the plural name unless the amount is 1 (the name when it has no plural), the
    /// id when the household does not define the unit.
    static func unitName(_ unit: QuantityUnit?, id: UnitID, amount: Decimal?) -> String {
        guard let unit else { return id.rawValue }
        return amount == 1 ? unit.name : unit.pluralName ?? unit.name
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
        return "\(source) “\(WebText.isolated(raw))”"
    }
}
