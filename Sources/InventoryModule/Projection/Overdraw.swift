import Foundation
import InventorySync

/// A consumption the fold could not fully book: it asked for more of a product than the stock held when it was
/// folded, because another transaction (usually on another device, offline) took the same stock first.
///
/// The fold takes what is there and records the rest as an ``InventoryAnomaly/shortfall(entry:product:missing:unit:)``;
/// the over-draw is the household-facing reading of that shortfall: who asked, how much was asked and taken, and
/// which earlier transactions took the stock (``takers``). It stays open until a journal entry settles it
/// (``InventoryState/openOverdraws``, ``InventoryCommand/dismissOverdraw(_:)``,
/// ``CorrectionRequest/settlingOverdraws``).
///
/// Only consumptions (used or spoiled, ``InventoryOperation/consume(_:)``) make over-draws. An opening or a
/// transfer that falls short changes no amount of stock — what it could not open or move is already gone — so it
/// stays an anomaly only; a correction never falls short (it takes at most what its scope holds).
///
/// For the open over-draws, the sum of ``missing`` (``asked`` − ``taken``) is exactly what the journal's
/// consumptions asked beyond the stock when they were folded.
public struct Overdraw: Hashable, Sendable, Codable, Identifiable {
    /// The short consumption's journal entry: the over-draw's identity, and what a settlement names.
    public var entryID: UUID
    /// The short consumption's transaction (what an undo names).
    public var transactionID: TransactionID
    /// The replica that recorded the short consumption (its author).
    public var author: ReplicaID
    /// When the short consumption was recorded.
    public var at: Date
    /// The product.
    public var productID: ProductReference
    /// The amount the consumption asked for, in ``unit``.
    public var asked: Decimal
    /// The amount the fold took, in ``unit`` (less than ``asked``; zero when the stock was gone).
    public var taken: Decimal
    /// The consumption's unit.
    public var unit: UnitID
    /// Whether the consumption booked spoiled stock.
    public var spoiled: Bool
    /// The earlier transactions that took the stock the consumption would have drawn from, oldest first (see
    /// ``OverdrawTaker`` for the rule). Empty when no taking explains the shortfall (the stock was moved away, or
    /// its unit does not convert).
    public var takers: [OverdrawTaker]

    /// Creates an over-draw.
    public init(
        entryID: UUID, transactionID: TransactionID, author: ReplicaID, at: Date, productID: ProductReference,
        asked: Decimal, taken: Decimal, unit: UnitID, spoiled: Bool, takers: [OverdrawTaker]
    ) {
        self.entryID = entryID
        self.transactionID = transactionID
        self.author = author
        self.at = at
        self.productID = productID
        self.asked = asked
        self.taken = taken
        self.unit = unit
        self.spoiled = spoiled
        self.takers = takers
    }

    /// The over-draw's identity: ``entryID``.
    public var id: UUID { entryID }

    /// What was asked beyond the stock: ``asked`` − ``taken``, in ``unit``.
    public var missing: Decimal { asked - taken }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case entryID = "entryId", transactionID = "transactionId", author, at, productID = "productId", asked, taken, unit
        case spoiled, takers
    }
}
