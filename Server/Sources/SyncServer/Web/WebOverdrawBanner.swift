import Foundation
import InventoryModule
import InventorySync

/// An open over-draw as the stock page's banner tells it — "phone used 1.5 pieces of Milk at 14:02, but only 0
/// pieces were left: Ana had used 2 pieces at 13:40" — with the forms that settle it: *Count it* (a correction of
/// the product that names the over-draw) and *Dismiss*.
///
/// Names and titles are rendered escaped and each in its own `<bdi>` (`stock.mustache`), so a name holding a
/// right-to-left override cannot turn the amounts around it; times are on the household's clock.
struct WebOverdrawBanner: Sendable {
    /// One earlier transaction that took the stock.
    struct Taker: Sendable {
        /// What goes before it: nothing for the first, `, ` between, ` and ` before the last.
        let separator: String
        let name: String
        /// "used", "threw away", "counted out".
        let verb: String
        let amount: String?
        let unit: String?
        let at: String
        let atISO: String
    }

    let entryId: String
    /// The `id` of the banner's heading, and the prefix of its fields' ids.
    let headingId: String
    let title: String
    let author: String
    /// "used" or "threw away".
    let verb: String
    let asked: String
    let askedUnit: String
    let taken: String
    let takenUnit: String
    /// "was" or "were", for the amount taken.
    let wasWere: String
    let at: String
    let atISO: String
    let takers: [Taker]
    /// Whether any transaction is named as having taken the stock.
    let hasTakers: Bool
    /// The unit the *Count it* amount is in, as people read it (plural).
    let countUnit: String
    let countPath: String
    let dismissPath: String
    let countSubmission: String
    let dismissSubmission: String

    /// The banner of `reading`, the `index`-th on the page.
    init(
        _ reading: OverdrawReading, index: Int, units: [UnitID: QuantityUnit], timeZone: TimeZone, now: Date,
        householdPath: String
    ) {
        let overdraw = reading.overdraw
        let unit = units[overdraw.unit]
        let clock = Self.clock(timeZone: timeZone, now: now)
        entryId = overdraw.entryID.uuidString.lowercased()
        headingId = "overdraw-\(index)"
        title = reading.title ?? overdraw.productID.rawValue
        author = reading.authorName
        verb = overdraw.spoiled ? "threw away" : "used"
        asked = "\(overdraw.asked)"
        askedUnit = WebLotRow.unitName(unit, id: overdraw.unit, amount: overdraw.asked)
        taken = "\(overdraw.taken)"
        takenUnit = WebLotRow.unitName(unit, id: overdraw.unit, amount: overdraw.taken)
        wasWere = overdraw.taken == 1 ? "was" : "were"
        at = clock(overdraw.at)
        atISO = Self.iso(overdraw.at)
        let count = reading.takers.count
        takers = reading.takers.enumerated().map { position, taker in
            Taker(
                separator: position == 0 ? "" : position == count - 1 ? " and " : ", ",
                name: taker.name,
                verb: Self.pastParticiple(taker.taker.reason),
                amount: taker.amount.map { "\($0)" },
                unit: taker.unit.map { WebLotRow.unitName(units[$0], id: $0, amount: taker.amount) },
                at: clock(taker.taker.at), atISO: Self.iso(taker.taker.at))
        }
        hasTakers = !takers.isEmpty
        countUnit = WebLotRow.unitName(unit, id: overdraw.unit, amount: nil)
        let base = "\(householdPath)/overdraws/\(entryId)"
        countPath = "\(base)/count"
        dismissPath = "\(base)/dismiss"
        countSubmission = UUID().uuidString.lowercased()
        dismissSubmission = UUID().uuidString.lowercased()
    }

    /// Formats an instant on the household's clock: `14:02` on today's date, `2026-03-10 14:02` on another.
    static func clock(timeZone: TimeZone, now: Date) -> @Sendable (Date) -> String {
        let calendar = {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            return calendar
        }()
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        return { instant in
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
            let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
            guard parts.year != today.year || parts.month != today.month || parts.day != today.day else { return time }
            return String(format: "%04d-%02d-%02d ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0) + time
        }
    }

    /// "used", "thrown away", "counted out": what a taker had done with the stock.
    static func pastParticiple(_ reason: ConsumptionReason) -> String {
        switch reason {
        case .consumed: "used"
        case .spoiled: "thrown away"
        case .corrected: "counted out"
        }
    }

    /// The instant for `<time datetime>`, in UTC.
    static func iso(_ instant: Date) -> String {
        instant.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }
}
