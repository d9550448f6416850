import Foundation
import InventoryKit
import InventoryModule
import Logging

/// The server-side replica: each household's journal folded with the kit's own `InventoryProjector` — the state a
/// device has after pulling every change, with no copy of the fold's rules.
///
/// A household is folded when it is read (``view(of:atLeast:)``) and after a push (``ReplicaWorker``), never
/// inside a push's transaction: a push costs what it did, a fold that fails refuses no push, and a rebuild of a
/// large household holds no writer's lock. A fold reads the head (`household_seq.last_seq`), then only the journal
/// entries after the state it starts from — the state cached in memory, else the newest saved one — and continues
/// it with `InventoryProjector.project(_:continuing:)`. When the new entries reach back into what that state
/// decided (a late arrival from a device that was offline, an undo of a folded transaction), the kit refuses to
/// continue, and the fold starts again from an older saved state, or from the whole journal: the result is always
/// exactly `InventoryProjector.project` of every journal entry in the log.
///
/// Saved states are the kit's binary checkpoints (`InventoryCheckpoint`) in `replica_checkpoints`, written every
/// ``Policy/checkpointInterval`` sequence numbers; the newest ``Policy/keptCheckpoints`` are kept, so a late
/// arrival that reaches back less than that many intervals refolds only the entries after an older one. A saved
/// state the kit can no longer read (its format version changed) is skipped, and the household is rebuilt from
/// its log. Folds of one household run one at a time; different households fold concurrently.
public actor HouseholdReplicas: HouseholdViewSource {
    /// Tuning of the replica.
    public struct Policy: Sendable {
        /// Sequence numbers between two saved states of a household.
        public var checkpointInterval: Int64 = 1000
        /// Saved states kept per household.
        public var keptCheckpoints = 4
        /// Households whose folded state stays in memory (least recently read ones are dropped first).
        public var cachedHouseholds = 64
        /// Journal entries read per query.
        public var pageSize = 2000
        /// How long ``HouseholdReplicas/view(of:atLeast:)`` waits for a `seq` not yet committed.
        public var atLeastWait: Duration = .seconds(5)

        /// The defaults.
        public init() {}
    }

    /// How folds started, for tests and metrics: continued from the cached or newest saved state, from an older
    /// saved state (new entries reached back into the newer one), or from the whole journal.
    struct FoldCounts: Sendable, Equatable {
        var continued = 0
        /// New entries reached back into the newest state but not into an earlier one kept in memory.
        var fromRecentState = 0
        var fromOlderSavedState = 0
        var wholeJournal = 0
    }

    /// How this replica's folds started so far.
    private(set) var foldCounts = FoldCounts()

    private struct Folded {
        var view: ReplicaView
        var savedThrough: Int64
        var lastRead: UInt64
        /// Earlier states of the household, for late arrivals.
        var recent = RecentFolds()
    }

    private let store: PostgresSyncStore
    private let policy: Policy
    private let logger: Logger
    private var folded: [HouseholdID: Folded] = [:]
    /// The household's newest fold, running or waiting for the one before it.
    private var newest: [HouseholdID: Task<ReplicaView, any Error>] = [:]
    /// The household's fold that waits for the running one and has not read the head yet.
    private var notStarted: [HouseholdID: Task<ReplicaView, any Error>] = [:]
    private var reads: UInt64 = 0

    /// Creates the replica over the sync store's database.
    public init(store: PostgresSyncStore, policy: Policy = Policy(), logger: Logger) {
        self.store = store
        self.policy = policy
        self.logger = logger
    }

    // MARK: - Reading

    public func view(of household: HouseholdID, atLeast: Int64?) async throws -> ReplicaView {
        let deadline = ContinuousClock.now + policy.atLeastWait
        while true {
            let view = try await caughtUp(household)
            guard let atLeast, view.seq < atLeast else { return view }
            guard ContinuousClock.now < deadline else {
                throw APIError(
                    .conflict, "The household's log has no change \(atLeast) yet; it ends at \(view.seq).",
                    details: ["atLeast": "\(atLeast)", "seq": "\(view.seq)"])
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Folds the household through its current head, after any fold of it already running.
    ///
    /// Callers share folds: a fold reads the head when it starts, so every caller that arrives before the newest
    /// queued fold has started waits for that one instead of queuing its own. However many readers and pushes
    /// overlap, a household has at most one fold running and one waiting.
    func caughtUp(_ household: HouseholdID) async throws -> ReplicaView {
        if let waiting = notStarted[household] { return try await waiting.value }
        let previous = newest[household]
        let task = Task { [previous] in
            _ = await previous?.result
            await self.started(household)
            return try await self.fold(household)
        }
        notStarted[household] = task
        newest[household] = task
        defer { if newest[household] == task { newest[household] = nil } }
        return try await task.value
    }

    /// The household's queued fold has started: later callers queue a new one (this one may have read the head
    /// before their changes committed).
    private func started(_ household: HouseholdID) {
        notStarted[household] = nil
    }

    /// Forgets the household's folded state (it was erased).
    func forget(_ household: HouseholdID) {
        folded[household] = nil
    }

    // MARK: - Folding

    private func fold(_ household: HouseholdID) async throws -> ReplicaView {
        guard let head = try await store.replicaHead(of: household) else {
            folded[household] = nil
            throw SyncStoreError.householdNotFound(household)
        }
        reads &+= 1
        if var known = folded[household], known.view.seq == head {
            known.lastRead = reads
            folded[household] = known
            return known.view
        }
        var start = folded[household]
        if start == nil { start = try await newestSavedState(of: household) }
        let state: InventoryState
        var recent = RecentFolds()
        if let start {
            let tail = try await entries(of: household, after: start.view.seq, through: head)
            recent = start.recent
            if let continued = InventoryProjector.project(tail.map(\.entry), continuing: start.view.state) {
                state = continued
                foldCounts.continued += 1
            } else if let refolded = recent.refold(with: tail) {
                state = refolded
                foldCounts.fromRecentState += 1
            } else {
                state = try await rebuild(household, through: head, skipping: start.view.seq)
            }
            recent.keep(start.view.state, at: start.view.seq, then: tail, head: head)
        } else {
            state = try await rebuild(household, through: head, skipping: nil)
        }
        let view = ReplicaView(seq: head, state: state, foldedAt: Date())
        var savedThrough = start?.savedThrough ?? 0
        if head - savedThrough >= policy.checkpointInterval, let checkpoint = Self.checkpoint(state, of: household) {
            try await store.saveReplicaCheckpoint(
                of: household, through: head, mark: checkpoint.mark, state: checkpoint.state, keeping: policy.keptCheckpoints)
            savedThrough = head
        }
        try await store.recordReplicaProgress(of: household, through: head)
        reads &+= 1
        folded[household] = Folded(view: view, savedThrough: savedThrough, lastRead: reads, recent: recent)
        evictBeyondCapacity()
        return view
    }

    /// `start` (the fold through `after`) continued with the journal entries after it, or `nil` when they reach
    /// back into what it decided.
    private func continuing(_ start: InventoryState, after: Int64, through head: Int64, of household: HouseholdID)
        async throws -> InventoryState?
    {
        guard after < head else { return start }
        let tail = try await entries(of: household, after: after, through: head)
        return InventoryProjector.project(tail.map(\.entry), continuing: start)
    }

    /// The fold from the newest saved state that the entries after it do not reach back into (other than the one
    /// at `skipping`, already tried), else from the whole journal.
    private func rebuild(_ household: HouseholdID, through head: Int64, skipping: Int64?) async throws -> InventoryState {
        for seq in try await store.replicaCheckpointSeqs(of: household) where seq != skipping && seq <= head {
            guard let saved = try await savedState(of: household, through: seq),
                let state = try await continuing(saved, after: seq, through: head, of: household)
            else { continue }
            foldCounts.fromOlderSavedState += 1
            return state
        }
        foldCounts.wholeJournal += 1
        logger.debug("replica: folding the whole journal", metadata: ["household": "\(household)", "seq": "\(head)"])
        return InventoryProjector.project(try await entries(of: household, after: 0, through: head).map(\.entry))
    }

    private func newestSavedState(of household: HouseholdID) async throws -> Folded? {
        for seq in try await store.replicaCheckpointSeqs(of: household) {
            if let state = try await savedState(of: household, through: seq) {
                return Folded(view: ReplicaView(seq: seq, state: state, foldedAt: Date()), savedThrough: seq, lastRead: 0)
            }
        }
        return nil
    }

    /// A saved state, or `nil` when the kit cannot read it (another format version, damaged bytes): saved
    /// states are a shortcut, and the log is the truth.
    private func savedState(of household: HouseholdID, through seq: Int64) async throws -> InventoryState? {
        guard let saved = try await store.replicaCheckpoint(of: household, through: seq) else { return nil }
        do {
            let mark = try RecordCoding.decode(InventoryCheckpointMark.self, from: Data(saved.mark.utf8))
            return try InventoryCheckpoint(mark: mark, stateData: saved.state).state()
        } catch {
            logger.warning(
                "replica: a saved state does not decode; folding from the log instead",
                metadata: ["household": "\(household)", "throughSeq": "\(seq)", "error": "\(error)"])
            return nil
        }
    }

    /// The household's journal entries with `after < seq <= through`, with their `seq`, in `seq` order, read page
    /// by page.
    private func entries(of household: HouseholdID, after: Int64, through head: Int64) async throws
        -> [(seq: Int64, entry: InventoryJournalEntry)]
    {
        var entries: [(seq: Int64, entry: InventoryJournalEntry)] = []
        var cursor = after
        while cursor < head {
            let page = try await store.journalPayloads(of: household, after: cursor, through: head, limit: policy.pageSize)
            guard let last = page.last else { break }
            for row in page {
                do {
                    entries.append((row.seq, try RecordCoding.decode(InventoryJournalEntry.self, from: Data(row.payload.utf8))))
                } catch {
                    // The server validated every entry on push: one that no longer decodes is damage, not input.
                    throw SyncStoreError.damagedRecord("journal entry at seq \(row.seq): \(RecordCoding.describe(error))")
                }
            }
            cursor = last.seq
        }
        return entries
    }

    /// The kit's checkpoint of `state`: its mark as JSON and its bytes; `nil` for a state that folded nothing.
    private static func checkpoint(_ state: InventoryState, of household: HouseholdID) -> (mark: String, state: Data)? {
        guard let checkpoint = try? InventoryCheckpoint(state: state, of: InventoryModule.HouseholdID(household.rawValue)),
            let mark = try? RecordCoding.encode(checkpoint.mark)
        else { return nil }
        return (String(decoding: mark, as: UTF8.self), checkpoint.stateData)
    }

    private func evictBeyondCapacity() {
        while folded.count > policy.cachedHouseholds,
            let oldest = folded.min(by: { $0.value.lastRead < $1.value.lastRead })?.key
        {
            folded[oldest] = nil
        }
    }
}
