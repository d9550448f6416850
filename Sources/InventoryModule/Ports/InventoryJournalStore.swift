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
/// - Pull times are optional: a store that keeps them saves ``InventoryLocalTransaction/pullTime`` in
///   ``commit(_:)`` next to the household's pull cursor (neither overwrites the other) and answers
///   ``lastPullTime(of:)``; the default keeps none, and each new service then pulls on its first stale-checked read.
/// - Checkpoints are optional: a store that keeps them saves and removes them in ``commit(_:)`` with the rest of
///   the transaction and answers ``checkpointMarks(of:)`` and ``checkpoint(_:)``; the defaults keep none, and
///   every open then folds the whole journal. ``entries(of:after:)`` should read only the tail (an index on the
///   household and the entry's `recordedAt`); the default filters ``entries(of:)``.
/// - Snapshots are optional too: a store whose ``keepsSnapshots`` is `true` applies
///   ``InventoryLocalTransaction/snapshot`` in ``commit(_:)`` (the household's journal entries and checkpoints
///   replaced by the snapshot's checkpoint, its floor recorded) and answers ``snapshotFloor(of:)``; it never
///   removes the floor's checkpoint unless a later snapshot replaces it. The defaults keep none, and a new device
///   then pulls every entry.
/// - Run `InventoryStoreConformance` from `InventoryModuleTesting` to check.
public protocol InventoryJournalStore: Sendable {
    /// Every journal entry of a household.
    ///
    /// - Throws: a storage error, or a corrupt-record error naming the entry.
    func entries(of household: HouseholdID) async throws -> [InventoryJournalEntry]

    /// Whether the household has any journal entry.
    ///
    /// A first pull asks it before it loads a snapshot (which only a household without entries takes). The
    /// default reads ``entries(of:)``; an adapter should look for one row, so the answer costs the same at any
    /// length of history.
    ///
    /// - Throws: a storage error.
    func hasEntries(of household: HouseholdID) async throws -> Bool

    /// Whether an entry with this id is stored.
    ///
    /// - Throws: a storage error.
    func containsEntry(_ id: UUID) async throws -> Bool

    /// The entries of a household that sort after `key` (``InventoryJournalEntry/orderKey``), in any order: the
    /// tail a checkpoint at `key` does not cover.
    ///
    /// - Throws: a storage error, or a corrupt-record error naming the entry.
    func entries(of household: HouseholdID, after key: InventoryJournalOrderKey) async throws -> [InventoryJournalEntry]

    /// Which of these entry ids are stored, in one read where the store allows it.
    ///
    /// - Throws: a storage error.
    func storedEntryIDs(among ids: [UUID]) async throws -> Set<UUID>

    /// The checkpoints stored for a household, in any order, without their states.
    ///
    /// - Throws: a storage error.
    func checkpointMarks(of household: HouseholdID) async throws -> [InventoryCheckpointMark]

    /// The checkpoint with this mark, or `nil` when it is not stored.
    ///
    /// - Throws: a storage error.
    func checkpoint(_ mark: InventoryCheckpointMark) async throws -> InventoryCheckpoint?

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

    /// The outbox entries of `households` due at `now`, in enqueue order, up to `limit`: what one push round of
    /// a sync scoped to those households sends (``InventoryModuleService/syncPending(households:trigger:)``). The default
    /// filters the first `RecordQuery.maximumLimit` pending entries; an adapter should answer it with a query on
    /// the entity id (the household) and the next-attempt time.
    ///
    /// - Throws: a storage error.
    func dueOutbox(at now: Date, limit: Int, households: Set<HouseholdID>) async throws -> [InventoryOutboxEntry]

    /// The quarantined outbox entries, in enqueue order.
    ///
    /// Quarantined entries are kept and never retried automatically (``pendingOutbox(limit:)`` and
    /// ``dueOutbox(at:limit:)`` skip them); this lists them, so they can be reported.
    ///
    /// - Throws: a storage error.
    func quarantinedOutbox() async throws -> [InventoryOutboxEntry]

    /// The outbox entry of a journal entry, if it still waits.
    ///
    /// - Throws: a storage error.
    func outboxEntry(for entryID: UUID) async throws -> InventoryOutboxEntry?

    /// The number of outbox entries, quarantined ones included.
    ///
    /// - Throws: a storage error.
    func outboxCount() async throws -> Int

    /// The highest outbox sequence this store has ever committed (including entries removed since), or 0; it
    /// survives reopening the store.
    ///
    /// Acknowledged entries leave the outbox, so adapters keep a high-water mark, raised in the same atomic
    /// ``commit(_:)`` that writes outbox entries, and answer the higher of that mark and the highest sequence in the
    /// outbox: sequences are never handed out twice, also after every entry was acknowledged and the app restarted.
    ///
    /// - Throws: a storage error.
    func lastOutboxSequence() async throws -> Int64

    /// A household's position in the remote journal, or `nil` before the first pull.
    ///
    /// - Throws: a storage error.
    func pullCursor(of household: HouseholdID) async throws -> Int64?

    /// When the household was last pulled without a failure (``InventoryLocalTransaction/pullTime``), or `nil`
    /// before the first such pull. ``InventoryReadPolicy/localThenRemoteIfStale(staleAfter:)`` reads it, so a new
    /// service over the same store does not pull again while the last pull is fresh.
    ///
    /// The default keeps none and answers `nil` (the service then remembers pulls in memory only).
    ///
    /// - Throws: a storage error.
    func lastPullTime(of household: HouseholdID) async throws -> Date?

    /// Whether ``commit(_:)`` applies ``InventoryLocalTransaction/snapshot``. The default: `false`.
    var keepsSnapshots: Bool { get }

    /// The snapshot the household's journal starts from on this device, or `nil` when the journal holds every
    /// entry. The default: `nil`.
    ///
    /// - Throws: a storage error.
    func snapshotFloor(of household: HouseholdID) async throws -> InventorySnapshotFloor?

    /// Applies a transaction atomically.
    ///
    /// - Throws: a storage error; nothing of the transaction was written then.
    func commit(_ transaction: InventoryLocalTransaction) async throws
}

extension InventoryJournalStore {
    /// The default: whether ``entries(of:)`` holds any.
    public func hasEntries(of household: HouseholdID) async throws -> Bool {
        try await !entries(of: household).isEmpty
    }

    /// The default: every entry of the household (``entries(of:)``), filtered.
    public func entries(of household: HouseholdID, after key: InventoryJournalOrderKey) async throws -> [InventoryJournalEntry] {
        try await entries(of: household).filter { key < $0.orderKey }
    }

    /// The default: one ``containsEntry(_:)`` per id.
    public func storedEntryIDs(among ids: [UUID]) async throws -> Set<UUID> {
        var stored: Set<UUID> = []
        for id in ids where try await containsEntry(id) { stored.insert(id) }
        return stored
    }

    /// The default: no pull times (the store ignores those of a transaction).
    public func lastPullTime(of household: HouseholdID) async throws -> Date? { nil }

    /// The default: no snapshots (the engine never gives the store one).
    public var keepsSnapshots: Bool { false }

    /// The default: no snapshot floors.
    public func snapshotFloor(of household: HouseholdID) async throws -> InventorySnapshotFloor? { nil }

    /// The default: no checkpoints (the store ignores those of a transaction).
    public func checkpointMarks(of household: HouseholdID) async throws -> [InventoryCheckpointMark] { [] }

    /// The default: no checkpoints.
    public func checkpoint(_ mark: InventoryCheckpointMark) async throws -> InventoryCheckpoint? { nil }

    /// The default: `OutboxEntry.due(at:limit:amongPending:)` over ``pendingOutbox(limit:)`` (reads ten times
    /// `limit` entries, more when those hold too few due ones).
    public func dueOutbox(at now: Date, limit: Int) async throws -> [InventoryOutboxEntry] {
        try await InventoryOutboxEntry.due(at: now, limit: limit) { try await pendingOutbox(limit: $0) }
    }

    /// The default: the due entries of `households` among the first `RecordQuery.maximumLimit` pending entries
    /// (``pendingOutbox(limit:)``); entries behind more pending ones are found once those are pushed.
    public func dueOutbox(at now: Date, limit: Int, households: Set<HouseholdID>) async throws -> [InventoryOutboxEntry] {
        let entityIDs = Set(households.map(\.rawValue))
        return Array(
            try await pendingOutbox(limit: RecordQuery.maximumLimit).lazy
                .filter { entityIDs.contains($0.entityID) && $0.isDue(at: now) }
                .prefix(max(1, limit)))
    }
}
