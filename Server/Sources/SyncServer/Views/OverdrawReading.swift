import Foundation
import InventoryModule
import InventorySync

/// An open over-draw as the server shows it (`views/overdraws`, the banners of the web's stock page): the kit's
/// `Overdraw` with the names people read — the product's title, the member behind a `web:` author — and what each
/// taker took of the product, summed from the state's consumption records.
struct OverdrawReading: Sendable {
    /// An earlier transaction that took the stock, with what it took of the over-drawn product.
    struct Taker: Sendable {
        /// The kit's taker.
        let taker: OverdrawTaker
        /// The member's name when the taker is a member on the web (`web:<member id>`).
        let memberName: String?
        /// What the transaction took of the product, in ``unit``; `nil` when its records are in several units
        /// or gone.
        let amount: Decimal?
        /// The unit of ``amount``.
        let unit: UnitID?
    }

    /// The kit's over-draw.
    let overdraw: Overdraw
    /// The product's title, when the household's product record has one.
    let title: String?
    /// The member's name when the short consumption was booked on the web.
    let memberName: String?
    /// The transactions that took the stock, oldest first.
    let takers: [Taker]

    /// The open over-draws of `state`, in fold order, with titles (by product id) and member names (by replica
    /// id, ``memberNames(_:)``).
    static func open(
        in state: InventoryState, titles: [String: String], members: [String: String]
    ) -> [OverdrawReading] {
        let overdraws = state.openOverdraws
        guard !overdraws.isEmpty else { return [] }
        let wanted = Set(overdraws.flatMap { $0.takers.map(\.transactionID) })
        var taken: [TransactionID: [ConsumptionRecord]] = [:]
        for record in state.consumptionHistory where wanted.contains(record.transactionID) {
            taken[record.transactionID, default: []].append(record)
        }
        return overdraws.map { overdraw in
            OverdrawReading(
                overdraw: overdraw, title: titles[overdraw.productID.rawValue],
                memberName: members[overdraw.author.rawValue],
                takers: overdraw.takers.map { taker in
                    let records = (taken[taker.transactionID] ?? []).filter { $0.productID == overdraw.productID }
                    let units = Set(records.map(\.unit))
                    let single = units.count == 1 ? units.first : nil
                    return Taker(
                        taker: taker, memberName: members[taker.author.rawValue],
                        amount: single.map { _ in records.reduce(Decimal(0)) { $0 + $1.amount } }, unit: single)
                })
        }
    }

    /// The names of a household's members by the replica id their web entries carry (`web:<member id>`).
    static func memberNames(_ records: [MemberRecord]) -> [String: String] {
        Dictionary(records.map { ($0.memberId.replicaName, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// The name people read for the short consumption's author: the member's name, else the replica id.
    var authorName: String { memberName ?? overdraw.author.rawValue }
}

extension OverdrawReading.Taker {
    /// The name people read for the taker: the member's name, else the replica id.
    var name: String { memberName ?? taker.author.rawValue }
}
