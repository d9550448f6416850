import Foundation

/// The outcome of one inventory command.
public struct InventoryTransactionResult: Hashable, Sendable {
    /// The transaction the command booked (for a replayed idempotency key: the original transaction).
    public var transactionId: TransactionID?
    /// The journal entries written by this call (empty for a replay).
    public var entries: [InventoryJournalEntry]
    /// Whether the idempotency key had been used before, so nothing was applied again.
    public var isReplay: Bool

    /// Creates a result.
    public init(transactionId: TransactionID?, entries: [InventoryJournalEntry], isReplay: Bool) {
        self.transactionId = transactionId
        self.entries = entries
        self.isReplay = isReplay
    }
}

/// What one inventory sync pass did.
public struct InventorySyncReport: Hashable, Sendable, CustomStringConvertible {
    /// Whether the remote was reachable.
    public var wasOnline = true
    /// Entries the remote acknowledged.
    public var pushed = 0
    /// Remote entries appended to the local journal.
    public var pulled = 0
    /// Pushes that failed and will be retried.
    public var failed = 0
    /// Entries quarantined in this pass.
    public var quarantined = 0
    /// Outbox entries left.
    public var remaining = 0

    /// A one-line summary.
    public var description: String {
        wasOnline
            ? "pushed \(pushed), pulled \(pulled), failed \(failed), quarantined \(quarantined), remaining \(remaining)"
            : "offline: \(remaining) entries wait"
    }
}
