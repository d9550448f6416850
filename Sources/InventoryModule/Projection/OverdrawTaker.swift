import Foundation
import InventorySync

/// An earlier transaction that took stock an over-drawn consumption would have drawn from.
///
/// The rule, applied when the fold meets the short consumption: walk the product's consumption records
/// (``InventoryState/consumptionHistory``) back from the newest, keeping those of other transactions that took
/// from a lot the consumption's scope would have held (any lot of the product for the household scope, a lot at
/// the location for a location scope, the lot itself for a lot scope) and that is now empty; stop as soon as the
/// amounts kept cover what the consumption missed. Each transaction of the records kept is a taker, listed once,
/// oldest first: the most recent takings that emptied the stock the short consumption asked for.
public struct OverdrawTaker: Hashable, Sendable, Codable {
    /// The transaction that took the stock.
    public var transactionID: TransactionID
    /// Its entry that took (the newest kept, when several did).
    public var entryID: UUID
    /// The replica that recorded it.
    public var author: ReplicaID
    /// When it was recorded.
    public var at: Date
    /// Used, thrown away or corrected.
    public var reason: ConsumptionReason

    /// Creates a taker.
    public init(transactionID: TransactionID, entryID: UUID, author: ReplicaID, at: Date, reason: ConsumptionReason) {
        self.transactionID = transactionID
        self.entryID = entryID
        self.author = author
        self.at = at
        self.reason = reason
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case transactionID = "transactionId", entryID = "entryId", author, at, reason
    }
}
