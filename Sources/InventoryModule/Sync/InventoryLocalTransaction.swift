import Foundation
import InventoryKit
import InventorySync

/// Everything one local step of the inventory module writes, committed atomically by an
/// ``InventoryJournalStore``: journal entries, outbox changes and the pull cursor.
public struct InventoryLocalTransaction: Sendable {
    /// Journal entries to append (an entry whose id is already stored is kept as it is).
    public var entries: [InventoryJournalEntry] = []
    /// Outbox entries to create or replace.
    public var outboxEntries: [InventoryOutboxEntry] = []
    /// Outbox entries to remove (acknowledged).
    public var removedOutboxEntries: [UUID] = []
    /// A household's new position in the remote journal.
    public var pullCursor: (household: HouseholdID, sequence: Int64)?

    /// Creates an empty transaction.
    public init() {}

    /// Whether the transaction writes nothing.
    public var isEmpty: Bool {
        entries.isEmpty && outboxEntries.isEmpty && removedOutboxEntries.isEmpty && pullCursor == nil
    }
}
