import Foundation
import InventoryKit
import InventorySync

/// The inventory module's local persistence: the append-only journal, its outbox and pull cursors.
///
/// A default implementation on any `StorageProvider` is ``StorageInventoryStore``. Implementer obligations:
/// - ``commit(_:)`` is atomic: journal entries, outbox changes and the cursor land together or not at all.
/// - Appending an entry whose id is stored already keeps the stored entry (the journal holds each operation
///   exactly once).
/// - ``entries(of:)`` returns every stored entry of the household, in any order.
/// - Run `InventoryStoreConformance` from `InventoryModuleTesting` to check.
public protocol InventoryJournalStore: Sendable {
    /// Every journal entry of a household.
    ///
    /// - Throws: a storage error, or a corrupt-record error naming the entry.
    func entries(of household: HouseholdID) async throws -> [InventoryJournalEntry]

    /// Whether an entry with this id is stored.
    ///
    /// - Throws: a storage error.
    func containsEntry(_ id: UUID) async throws -> Bool

    /// The outbox entries that are not quarantined, in enqueue order, up to `limit`.
    ///
    /// - Throws: a storage error.
    func pendingOutbox(limit: Int) async throws -> [InventoryOutboxEntry]

    /// The outbox entries due at `now` (not quarantined, no retry scheduled after `now`), in enqueue order, up
    /// to `limit`: what one push round sends. The default filters ``pendingOutbox(limit:)``; an adapter should
    /// answer it with a query on the next-attempt time.
    ///
    /// - Throws: a storage error.
    func dueOutbox(at now: Date, limit: Int) async throws -> [InventoryOutboxEntry]

    /// The outbox entry of a journal entry, if it still waits.
    ///
    /// - Throws: a storage error.
    func outboxEntry(for entryID: UUID) async throws -> InventoryOutboxEntry?

    /// The number of outbox entries, quarantined ones included.
    ///
    /// - Throws: a storage error.
    func outboxCount() async throws -> Int

    /// The highest outbox sequence in use, or 0.
    ///
    /// - Throws: a storage error.
    func lastOutboxSequence() async throws -> Int64

    /// A household's position in the remote journal, or `nil` before the first pull.
    ///
    /// - Throws: a storage error.
    func pullCursor(of household: HouseholdID) async throws -> Int64?

    /// Applies a transaction atomically.
    ///
    /// - Throws: a storage error; nothing of the transaction was written then.
    func commit(_ transaction: InventoryLocalTransaction) async throws
}

extension InventoryJournalStore {
    /// The default: `OutboxEntry.due(at:limit:amongPending:)` over ``pendingOutbox(limit:)`` (reads ten times
    /// `limit` entries, more when those hold too few due ones).
    public func dueOutbox(at now: Date, limit: Int) async throws -> [InventoryOutboxEntry] {
        try await InventoryOutboxEntry.due(at: now, limit: limit) { try await pendingOutbox(limit: $0) }
    }
}
