import Foundation
import InventoryModule
import InventorySync

/// One open over-draw as `pantry status` and `pantry due` show it: a consumption that asked for more than the stock
/// held after a sync, who booked it and who took the stock before it, and the entry id `pantry stock settle` takes.
struct OverdrawLine: Encodable {
    /// A transaction that took the stock first.
    struct Taker: Encodable {
        var transactionId: String
        var author: String
        var at: Date
    }

    /// The short consumption's entry id: what `pantry stock settle` takes.
    var entryId: String
    var productId: String
    /// The product's title, or its id.
    var title: String
    var asked: String
    var taken: String
    /// Asked minus taken.
    var missing: String
    /// The pantry (store) that booked the consumption.
    var author: String
    var at: Date
    var takers: [Taker]

    init(_ overdraw: Overdraw, titles: ProductTitles) {
        entryId = overdraw.entryID.uuidString.lowercased()
        productId = overdraw.productID.rawValue
        title = titles.title(overdraw.productID)
        asked = Output.amount(overdraw.asked)
        taken = Output.amount(overdraw.taken)
        missing = Output.amount(overdraw.missing)
        author = Self.who(overdraw.author)
        at = overdraw.at
        takers = overdraw.takers.map { taker in
            Taker(transactionId: taker.transactionID.description, author: Self.who(taker.author), at: taker.at)
        }
    }

    /// The household's open over-draws, in fold order.
    static func lines(_ state: InventoryState, titles: ProductTitles) -> [OverdrawLine] {
        state.openOverdraws.map { OverdrawLine($0, titles: titles) }
    }

    /// A pantry's replica id is its store's path: its last component names it.
    static func who(_ replica: ReplicaID) -> String {
        let name = URL(fileURLWithPath: replica.rawValue).lastPathComponent
        return name.isEmpty ? replica.rawValue : name
    }

    /// `Milk: asked 1.5, took 0 (b, 2026-03-10 08:02) after a at 2026-03-10 08:01 — pantry stock settle ID --dismiss | --count N`
    func text(in zone: TimeZone) -> String {
        let after = takers.isEmpty
            ? "" : " after " + takers.map { "\(Output.terminalSafe($0.author)) at \(Output.localTime($0.at, in: zone))" }
                .joined(separator: ", ")
        return "\(Output.terminalSafe(title)): asked \(asked), took \(taken) (\(Output.terminalSafe(author)), "
            + "\(Output.localTime(at, in: zone)))\(after) — pantry stock settle \(entryId) --dismiss | --count N"
    }
}
