import Foundation
import InventoryModule
import InventorySync

extension HouseholdViews {
    /// `views/overdraws`: the open over-draws — consumptions that asked for more than the stock held when the
    /// replica folded them (two devices used the same stock offline) — until a journal entry settles them.
    struct Overdraws: Encodable, Sendable {
        let seq: Int64
        let foldedAt: Date
        let overdraws: [Item]

        /// One open over-draw: the short consumption, what it asked and took, and who took the stock before it.
        struct Item: Encodable, Sendable {
            /// The short consumption's journal entry (lower-case UUID, as the log's `entityId`): what a settlement
            /// names.
            let entryId: String
            let transactionId: String
            /// The replica that booked it (`web:<member id>` for a member on the web).
            let author: String
            /// The member's name, when `author` is a member of the household on the web.
            let memberName: String?
            let at: Date
            let productId: String
            let title: String?
            let asked: Decimal
            let taken: Decimal
            /// `asked` − `taken`.
            let missing: Decimal
            let unit: String
            let spoiled: Bool
            let takers: [Taker]

            init(_ reading: OverdrawReading) {
                let overdraw = reading.overdraw
                entryId = overdraw.entryID.uuidString.lowercased()
                transactionId = overdraw.transactionID.rawValue.uuidString.lowercased()
                author = overdraw.author.rawValue
                memberName = reading.memberName
                at = overdraw.at
                productId = overdraw.productID.rawValue
                title = reading.title
                asked = overdraw.asked
                taken = overdraw.taken
                missing = overdraw.missing
                unit = overdraw.unit.rawValue
                spoiled = overdraw.spoiled
                takers = reading.takers.map(Taker.init)
            }
        }

        /// An earlier transaction that took the stock the short consumption would have drawn from.
        struct Taker: Encodable, Sendable {
            let transactionId: String
            let entryId: String
            let author: String
            let memberName: String?
            let at: Date
            /// `consumed`, `spoiled` or `corrected`.
            let reason: String
            /// What the transaction took of the product, when its records share one unit.
            let amount: Decimal?
            let unit: String?

            init(_ reading: OverdrawReading.Taker) {
                transactionId = reading.taker.transactionID.rawValue.uuidString.lowercased()
                entryId = reading.taker.entryID.uuidString.lowercased()
                author = reading.taker.author.rawValue
                memberName = reading.memberName
                at = reading.taker.at
                reason = reading.taker.reason.rawValue
                amount = reading.amount
                unit = reading.unit?.rawValue
            }
        }
    }
}
