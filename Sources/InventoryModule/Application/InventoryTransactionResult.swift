import Foundation

/// The outcome of one inventory command.
public struct InventoryTransactionResult: Hashable, Sendable {
    /// The transaction the command booked (for a replayed idempotency key: the original transaction).
    public var transactionID: TransactionID?
    /// The journal entries written by this call (empty for a replay).
    public var entries: [InventoryJournalEntry]
    /// Whether the idempotency key had been used before, so nothing was applied again.
    public var isReplay: Bool

    /// Creates a result.
    public init(transactionID: TransactionID?, entries: [InventoryJournalEntry], isReplay: Bool) {
        self.transactionID = transactionID
        self.entries = entries
        self.isReplay = isReplay
    }
}
