import Foundation
import InventoryKit
import InventorySync

/// Everything one local step of the inventory module writes, committed atomically by an
/// ``InventoryJournalStore``: journal entries, outbox changes, the pull cursor, the pull time and checkpoints.
public struct InventoryLocalTransaction: Sendable {
    /// Journal entries to append (an entry whose id is already stored is kept as it is).
    public var entries: [InventoryJournalEntry] = []
    /// Outbox entries to create or replace.
    public var outboxEntries: [InventoryOutboxEntry] = []
    /// Outbox entries to remove (acknowledged).
    public var removedOutboxEntries: [UUID] = []
    /// A household's new position in the remote journal.
    public var pullCursor: (household: HouseholdID, sequence: Int64)?
    /// When a household was last pulled without a failure: kept beside its pull cursor by a store that keeps pull
    /// times (``InventoryJournalStore/lastPullTime(of:)``), ignored by one that does not.
    public var pullTime: (household: HouseholdID, at: Date)?
    /// Checkpoints to save (a checkpoint with the mark of a stored one replaces it).
    public var checkpoints: [InventoryCheckpoint] = []
    /// Checkpoints to remove: stale ones (entries of this transaction reach back before them) and surplus ones.
    /// Removed before ``checkpoints`` are saved.
    public var droppedCheckpoints: [InventoryCheckpointMark] = []
    /// A snapshot that replaces its household's local journal (only a store whose
    /// ``InventoryJournalStore/keepsSnapshots`` is `true` is given one): every journal entry and checkpoint of the
    /// household is removed, then the snapshot's checkpoint is saved and its ``InventorySnapshot/floor`` recorded
    /// (``InventoryJournalStore/snapshotFloor(of:)``), before the rest of the transaction is applied.
    public var snapshot: InventorySnapshot?

    /// Creates an empty transaction.
    public init() {}

    /// Whether the transaction writes nothing.
    public var isEmpty: Bool {
        entries.isEmpty && outboxEntries.isEmpty && removedOutboxEntries.isEmpty && pullCursor == nil
            && pullTime == nil && checkpoints.isEmpty && droppedCheckpoints.isEmpty && snapshot == nil
    }
}
