import Foundation
import InventoryKit
import InventorySync

/// The inventory's side of the `OutboxSyncEngine`: journal entries are pushed as they are (they never conflict:
/// stock changes commute, master data resolves by the journal's total order), and a pulled page is appended to the
/// household's journal with its cursor in one commit, then folded into the cached projection.
struct InventorySyncAdapter: OutboxSyncAdapter {
    typealias Payload = InventoryJournalChange
    typealias Conflict = Never
    typealias Change = InventoryJournalEntry
    typealias Scope = HouseholdID
    typealias EntityID = UUID

    /// The local journal.
    let store: any InventoryJournalStore
    /// The remote, or `nil` for a local-only inventory (the engine then never calls it).
    let remote: (any InventoryRemoteGateway)?
    /// The projections the service keeps.
    let cache: InventoryStateCache
    /// The household checkpoints, kept in step with the journal.
    let checkpoints: InventoryCheckpointKeeper

    func entityID(of entry: InventoryOutboxEntry) -> UUID { entry.payload.entry.id }

    // MARK: - Outbox reads

    func dueEntries(at now: Date, limit: Int) async throws -> [InventoryOutboxEntry] {
        try await store.dueOutbox(at: now, limit: limit)
    }

    func dueEntries(at now: Date, limit: Int, in households: Set<HouseholdID>) async throws -> [InventoryOutboxEntry] {
        try await store.dueOutbox(at: now, limit: limit, households: households)
    }

    func pendingEntries(limit: Int) async throws -> [InventoryOutboxEntry] {
        try await store.pendingOutbox(limit: limit)
    }

    func quarantinedEntries() async throws -> [InventoryOutboxEntry] {
        try await store.quarantinedOutbox()
    }

    func outboxCount() async throws -> Int {
        try await store.outboxCount()
    }

    func pullCursor(of scope: HouseholdID) async throws -> Int64? {
        try await store.pullCursor(of: scope)
    }

    // MARK: - Remote

    func push(_ entries: [InventoryOutboxEntry]) async throws -> [UUID: OutboxPushOutcome<Never>] {
        guard let remote else { throw RemoteSyncError.offline }
        var outcomes: [UUID: OutboxPushOutcome<Never>] = [:]
        for result in try await remote.push(entries.map(\.payload.entry)) where outcomes[result.entryID] == nil {
            switch result.outcome {
            case .applied: outcomes[result.entryID] = .applied
            case .rejected(let reason): outcomes[result.entryID] = .rejected(reason)
            }
        }
        return outcomes
    }

    func changes(of scope: HouseholdID, after cursor: Int64?, limit: Int) async throws -> OutboxChangePage<InventoryJournalEntry> {
        guard let remote else { throw RemoteSyncError.offline }
        let batch = try await remote.changes(of: scope, after: cursor, limit: limit)
        return OutboxChangePage(changes: batch.entries, cursor: batch.cursor, hasMore: batch.hasMore)
    }

    // MARK: - Local writes

    func settle(_ round: OutboxRound<InventoryJournalChange, Never>) async throws -> OutboxSettlement<UUID> {
        var transaction = InventoryLocalTransaction()
        transaction.removedOutboxEntries = round.acknowledged.map(\.operationID)
        transaction.outboxEntries = round.failures.map(\.updated)
        try await store.commit(transaction)
        return OutboxSettlement()
    }

    func adopt(
        _ page: OutboxChangePage<InventoryJournalEntry>, of household: HouseholdID, acknowledged: [UUID: InventoryJournalChange]
    ) async throws -> Int {
        var transaction = InventoryLocalTransaction()
        let candidates = try await entriesAfterFloor(
            page.changes.filter { $0.householdID == household && acknowledged[$0.id] == nil }, of: household,
            cursor: page.cursor)
        var known = candidates.isEmpty ? [] : try await store.storedEntryIDs(among: candidates.map(\.id))
        for entry in candidates where known.insert(entry.id).inserted {
            transaction.entries.append(entry)
        }
        if let next = page.cursor { transaction.pullCursor = (household, next) }
        // Checkpoints wait for the end of the pull (`pullEnded`, which the engine calls after any page it adopts).
        checkpoints.deferWrites(of: household)
        try await commitAndFold(transaction, into: household)
        // …except one every `pullSealInterval` entries, so a long pull does not hold its whole history in memory.
        await checkpoints.sealDuringPull(household)
        return transaction.entries.count
    }

    /// Starts the checkpoint a pull deferred: one encode of the settled state, not one per interval of pulled
    /// entries (each of which encoded the whole state while the next pages waited for the cores).
    func pullEnded(_ household: HouseholdID) async {
        checkpoints.resumeWrites(of: household)
    }

    func requeue(_ entries: [InventoryOutboxEntry]) async throws {
        var transaction = InventoryLocalTransaction()
        transaction.outboxEntries = entries
        try await store.commit(transaction)
    }

    func discard(_ entries: [InventoryOutboxEntry], reason: String) async throws {
        var transaction = InventoryLocalTransaction()
        transaction.removedOutboxEntries = entries.map(\.operationID)
        try await store.commit(transaction)
    }

    // MARK: - Projection

    /// Commits a transaction and folds its entries into the cached state: the checkpoints its entries reach back
    /// past are dropped in the same commit, and a new checkpoint is started when one is due (unless a pull
    /// deferred checkpoints until it ends).
    func commitAndFold(_ transaction: InventoryLocalTransaction, into household: HouseholdID) async throws {
        var transaction = transaction
        var reach = InventoryReach.none
        if !transaction.entries.isEmpty {
            if cache.state(of: household) == nil { _ = try await state(of: household) }
            let entries = transaction.entries
            reach = cache.read(household) { $0.reach(of: entries) } ?? .everything
            transaction.droppedCheckpoints += try await checkpoints.stale(household, reach: reach)
        }
        try await store.commit(transaction)
        checkpoints.committed(household, reach: reach, dropped: transaction.droppedCheckpoints)
        guard !transaction.entries.isEmpty else { return }
        try await fold(transaction.entries, into: household)
        checkpoints.scheduleIfDue(household)
    }

    /// Folds committed entries into the cached state, all at once: an undo aimed at a transaction of the same batch
    /// folds as the full fold would, with nothing rebuilt. When an entry reaches back into what the state already
    /// decided, the state is rebuilt from the newest checkpoint before that point.
    private func fold(_ entries: [InventoryJournalEntry], into household: HouseholdID) async throws {
        guard let state = cache.take(household) else { return }
        var fresh: [InventoryJournalEntry] = []
        for entry in entries where !state.entryLog.contains(entry.id) { fresh.append(entry) }
        let reach = state.reach(of: fresh)
        // `reach == .none` is what the continuation needs; it declines only for an entry id repeated with other
        // contents, and the rebuild then settles it from the journal. The state is moved into the continuation
        // (no closure captures it), so folding changes it in place instead of copying the whole history.
        var folded: InventoryState?
        if reach == .none { folded = InventoryProjector.project(fresh, continuing: consume state) }
        if let folded {
            cache.put(folded, for: household)
        } else {
            cache.put(try await checkpoints.rebuild(household, reach: reach == .none ? .everything : reach), for: household)
        }
    }

    /// The household's state: cached, or rebuilt from the newest checkpoint and the entries after it.
    func state(of household: HouseholdID) async throws -> InventoryState {
        if let cached = cache.state(of: household) { return cached }
        let state = try await checkpoints.rebuild(household, reach: .none)
        cache.put(state, for: household)
        return state
    }
}
