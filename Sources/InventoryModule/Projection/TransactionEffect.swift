import Foundation

/// What one transaction did to the stock: the lots it created, changed or merged into, for undo dependencies.
///
/// A later transaction that changed (consumed from, moved, opened, edited, split) a lot this one created, changed
/// or merged into depends on it, and blocks its undo.
public struct TransactionEffect: Hashable, Sendable, Codable {
    /// The transaction.
    public var transactionID: TransactionID
    /// The position of its first entry in the total order.
    public var firstOrderKey: InventoryJournalOrderKey
    /// The kinds of its entries, in order.
    public var operations: [InventoryOperationKind]
    /// Its entries' ids, in order.
    public var entryIDs: [UUID]
    /// Lots it created (purchases, corrections, splits).
    public var createdLots: Set<LotID>
    /// Lots whose quantity, location, due date, state or details it changed.
    public var changedLots: Set<LotID>
    /// Lots its purchases were merged into.
    public var mergedIntoLots: Set<LotID>

    /// Creates an effect with no lots yet.
    public init(transactionID: TransactionID, firstOrderKey: InventoryJournalOrderKey) {
        self.transactionID = transactionID
        self.firstOrderKey = firstOrderKey
        self.operations = []
        self.entryIDs = []
        self.createdLots = []
        self.changedLots = []
        self.mergedIntoLots = []
    }

    /// Every lot the transaction produced: created, changed or merged into.
    public var producedLots: Set<LotID> {
        createdLots.union(changedLots).union(mergedIntoLots)
    }

    /// Whether every operation of the transaction can be undone (see ``InventoryOperationKind/isUndoable``).
    public var isUndoable: Bool {
        operations.allSatisfy(\.isUndoable)
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case transactionID = "transactionId", firstOrderKey, operations, entryIDs = "entryIds", createdLots, changedLots, mergedIntoLots
    }
}
