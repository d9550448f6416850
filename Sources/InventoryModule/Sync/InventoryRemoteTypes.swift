import Foundation
import InventorySync

/// What the remote did with one pushed journal entry.
public enum InventoryPushOutcome: Hashable, Sendable, Codable {
    /// The entry is in the remote journal (also when it was there before: pushes are idempotent by entry id).
    case applied(sequence: Int64)
    /// The remote refused the entry for good.
    case rejected(reason: String)
}

/// The remote's answer for one pushed entry.
public struct InventoryPushResult: Hashable, Sendable, Codable {
    /// The entry answered.
    public var entryID: UUID
    /// What happened.
    public var outcome: InventoryPushOutcome

    /// Creates a result.
    public init(entryID: UUID, outcome: InventoryPushOutcome) {
        self.entryID = entryID
        self.outcome = outcome
    }
}

/// A page of a household's remote journal after a cursor.
public struct InventoryChangeBatch: Hashable, Sendable, Codable {
    /// The entries, in remote feed order.
    public var entries: [InventoryJournalEntry]
    /// The cursor to pass next time.
    public var cursor: Int64?
    /// Whether more entries follow.
    public var hasMore: Bool

    /// Creates a batch.
    public init(entries: [InventoryJournalEntry], cursor: Int64?, hasMore: Bool) {
        self.entries = entries
        self.cursor = cursor
        self.hasMore = hasMore
    }
}
