import Foundation

/// What one transaction did to the stock, for undo dependencies: the lots it produced (created, changed or merged
/// into) and the lots it used (changed, or counted without changing them).
///
/// The undo rule: a transaction can be undone while no later transaction that is not undone used a lot it produced
/// — consumed from it, moved, opened, edited or split it (``changedLots``), or counted it (``countedLots``: a
/// correction whose scope held the lot). Such a later transaction depends on it and blocks its undo
/// (``InventoryState/dependents(of:)``, ``InventoryError/undoRefused(_:dependents:)``).
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
    /// Lots its corrections counted: every lot of the product in the correction's scope when it was folded,
    /// changed by it or not. A correction states an absolute amount, so what it adds or takes depends on them.
    public var countedLots: Set<LotID>

    /// Creates an effect with no lots yet.
    public init(transactionID: TransactionID, firstOrderKey: InventoryJournalOrderKey) {
        self.transactionID = transactionID
        self.firstOrderKey = firstOrderKey
        self.operations = []
        self.entryIDs = []
        self.createdLots = []
        self.changedLots = []
        self.mergedIntoLots = []
        self.countedLots = []
    }

    /// Decodes the stored or transmitted form; one written before ``countedLots`` existed has none.
    ///
    /// - Throws: the decoder's error when a field is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        transactionID = try container.decode(TransactionID.self, forKey: .transactionID)
        firstOrderKey = try container.decode(InventoryJournalOrderKey.self, forKey: .firstOrderKey)
        operations = try container.decode([InventoryOperationKind].self, forKey: .operations)
        entryIDs = try container.decode([UUID].self, forKey: .entryIDs)
        createdLots = try container.decode(Set<LotID>.self, forKey: .createdLots)
        changedLots = try container.decode(Set<LotID>.self, forKey: .changedLots)
        mergedIntoLots = try container.decode(Set<LotID>.self, forKey: .mergedIntoLots)
        countedLots = try container.decodeIfPresent(Set<LotID>.self, forKey: .countedLots) ?? []
    }

    /// Every lot the transaction produced: created, changed or merged into.
    public var producedLots: Set<LotID> {
        createdLots.union(changedLots).union(mergedIntoLots)
    }

    /// Every lot the transaction used: changed (consumed from, moved, opened, edited, split) or counted.
    public var usedLots: Set<LotID> {
        changedLots.union(countedLots)
    }

    /// Whether every operation of the transaction can be undone (see ``InventoryOperationKind/isUndoable``).
    public var isUndoable: Bool {
        operations.allSatisfy(\.isUndoable)
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case transactionID = "transactionId", firstOrderKey, operations, entryIDs = "entryIds", createdLots, changedLots, mergedIntoLots
        case countedLots
    }
}
