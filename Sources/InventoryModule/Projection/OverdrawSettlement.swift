import Foundation
import InventorySync

/// How and by whom an ``Overdraw`` was settled: a journal entry that names it, folded like every other entry, so
/// every replica settles the same over-draws.
///
/// The first settling entry in the journal's total order wins; a later one (two devices settled the same
/// over-draw offline) changes nothing. Undoing the settling transaction reopens the over-draw.
public struct OverdrawSettlement: Hashable, Sendable, Codable {
    /// How an over-draw was settled.
    public enum Resolution: String, Hashable, Sendable, Codable {
        /// Dismissed as it is: the household accepts the stock as the fold booked it
        /// (``InventoryOperation/dismissOverdraw(_:)``).
        case dismissed
        /// Settled by a stock correction that names it (``CorrectionPayload/settlesOverdraws``).
        case corrected
    }

    /// The settling entry.
    public var entryID: UUID
    /// Its transaction.
    public var transactionID: TransactionID
    /// The replica that recorded it.
    public var author: ReplicaID
    /// When it was recorded.
    public var at: Date
    /// Dismissed or corrected.
    public var resolution: Resolution

    /// Creates a settlement.
    public init(entryID: UUID, transactionID: TransactionID, author: ReplicaID, at: Date, resolution: Resolution) {
        self.entryID = entryID
        self.transactionID = transactionID
        self.author = author
        self.at = at
        self.resolution = resolution
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case entryID = "entryId", transactionID = "transactionId", author, at, resolution
    }
}
