// This file is a few lines over ~400 on purpose: it holds the fold itself (head, appended runs, prefix fold,
// refold from a saved state, save), one sequence over the actor's private per-household state. Its policy is in
// HouseholdReplicas+Policy.swift; splitting the fold further would widen that state's access for no reader's gain.
import Crypto
import Foundation
import InventoryKit
import InventoryModule
import Logging
import SyncWire

/// The server-side replica: each household's journal folded with the kit's own `InventoryProjector` — the state a
/// device has after pulling every change, with no copy of the fold's rules.
///
/// A household is folded when it is read (``view(of:atLeast:)``) and after a push (``ReplicaWorker``), never
/// inside a push's transaction: a push costs what it did, a fold that fails refuses no push, and a rebuild of a
/// large household holds no writer's lock. A fold reads the head (`household_seq.last_seq`), then only the journal
/// entries after the state it starts from — the state cached in memory, else the newest saved one through the head —
/// and continues it with `InventoryProjector.project(_:continuing:)`. When the new entries reach back into what that
/// state decided (a late arrival from a device that was offline, an undo of a folded transaction), the kit refuses
/// to continue, and the fold starts again from an older saved state, or from the whole journal: the result is
/// always exactly `InventoryProjector.project` of every journal entry in the log.
///
/// Saved states are the kit's binary checkpoints (`InventoryCheckpoint`) in `replica_checkpoints`, written every
/// ``Policy/checkpointInterval`` sequence numbers; the newest ``Policy/keptCheckpoints`` are kept, so a late
/// arrival that reaches back less than that many intervals refolds only the entries after an older one. A saved
/// state the kit can no longer read (its format version changed) is skipped, and the household is rebuilt from
/// its log. Folds of one household run one at a time; different households fold concurrently.
///
/// The saved states are also what a new device bootstraps from (``snapshot(of:atLeast:withProducts:)``): the newest
/// one, or one saved on demand through the household's head, whatever the interval.
package actor HouseholdReplicas: HouseholdViewSource {
    /// How folds started, for tests and metrics: continued from the cached or newest saved state, from an older
    /// saved state (new entries reached back into the newer one), or from the whole journal.
    struct FoldCounts: Sendable, Equatable {
        var continued = 0
        /// New entries reached back into the newest state but not into an earlier one kept in memory.
        var fromRecentState = 0
        /// New entries reached back past every state kept in memory but not before the household's
        /// ``KeyedPrefix``.
        var fromKeyedPrefix = 0
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
        /// The fold of the entries that sort first, for late arrivals that reach past every state in `recent`.
        var prefix: KeyedPrefix?
    }

    private let store: PostgresSyncStore
    private let policy: Policy
    private let logger: Logger
    private var folded: [HouseholdID: Folded] = [:]
    /// The last of the household's serialized folds, which the next one waits for.
    private var running: [HouseholdID: Task<Void, Never>] = [:]
    /// The household's fold that waits for the running one and has not read the head yet.
    private var notStarted: [HouseholdID: Task<ReplicaView, any Error>] = [:]
    private var reads: UInt64 = 0
    /// The size and digest of each household's last saved state this replica wrote or read.
    private var digests: [HouseholdID: SnapshotDigest] = [:]

    private struct SnapshotDigest {
        var seq: Int64
        var byteCount: Int64
        var sha256: String
    }

    /// Creates the replica over the sync store's database.
    package init(store: PostgresSyncStore, policy: Policy = Policy(), logger: Logger) {
        self.store = store
        self.policy = policy
        self.logger = logger
        store.appendedJournal.enable()
    }

    // MARK: - Reading

    package func view(of household: HouseholdID, atLeast: Int64?) async throws -> ReplicaView {
        try await reaching(atLeast, seq: \.seq) { try await caughtUp(household) }
    }

    /// Folds the household through its current head, after any fold of it already running.
    ///
    /// Callers share folds: a fold reads the head when it starts, so every caller that arrives before the newest
    /// queued fold has started waits for that one instead of queuing its own. However many readers and pushes
    /// overlap, a household has at most one fold running and one waiting.
    func caughtUp(_ household: HouseholdID) async throws -> ReplicaView {
        if let waiting = notStarted[household] { return try await waiting.value }
        let task = Task<ReplicaView, any Error> {
            try await self.serialized(household) {
                await self.started(household)
                return try await self.fold(household)
            }
        }
        notStarted[household] = task
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
        digests[household] = nil
        store.appendedJournal.forget(household)
    }

    /// `attempt`'s result once its `seq` reaches `atLeast`, trying again every 50 ms until
    /// ``Policy/atLeastWait`` has passed.
    /// - Throws: ``APIError`` `conflict` when the household's log did not reach `atLeast` in time.
    private func reaching<T>(_ atLeast: Int64?, seq: (T) -> Int64, _ attempt: () async throws -> T) async throws -> T {
        let deadline = ContinuousClock.now + policy.atLeastWait
        while true {
            let result = try await attempt()
            guard let atLeast, seq(result) < atLeast else { return result }
            guard ContinuousClock.now < deadline else {
                throw APIError(
                    .conflict, "The household's log has no change \(atLeast) yet; it ends at \(seq(result)).",
                    details: ["atLeast": "\(atLeast)", "seq": "\(seq(result))"])
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Runs `body` after every serialized fold of the household already started.
    private func serialized<T: Sendable>(
        _ household: HouseholdID, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let previous = running[household]
        let task = Task<T, any Error> {
            await previous?.value
            return try await body()
        }
        let done = Task<Void, Never> { _ = await task.result }
        running[household] = done
        defer { if running[household] == done { running[household] = nil } }
        return try await task.value
    }

    // MARK: - Snapshots

    /// The household's newest saved state through at least `atLeast`, in the kit's current checkpoint format; when
    /// none is saved (the household is younger than the checkpoint interval, or its newest is older than
    /// `atLeast`), the household folded through its head — waiting, bounded, for `atLeast` as ``view(of:atLeast:)``
    /// does — and that state saved now, whatever the interval, keeping the newest ``Policy/keptCheckpoints``.
    ///
    /// - Parameter withProducts: whether to list the products the state's lots refer to (read from the folded
    ///   state in memory when it is the one saved, else from the saved state decoded).
    /// - Returns: the snapshot, or `nil` when the household's journal has nothing to fold.
    /// - Throws: `SyncStoreError.householdNotFound` for an unknown or erased household; ``APIError`` `conflict`
    ///   when its log did not reach `atLeast` in time, `internal` when the kit's checkpoints cannot be encoded.
    package func snapshot(of household: HouseholdID, atLeast: Int64, withProducts: Bool) async throws -> ReplicaSnapshot? {
        guard let header = CheckpointHeader.current else {
            throw APIError(.internal, "The server cannot encode the kit's checkpoints.")
        }
        // A saved state can be dropped (a newer one replaced it) between reading its mark and its digest: try again.
        for _ in 0..<3 {
            var saved = try await store.newestReplicaCheckpointMark(of: household, atLeast: atLeast, header: header.bytes)
            if saved == nil {
                let reached = try await reaching(atLeast, seq: \.seq) {
                    try await serialized(household) { try await self.foldSaving(household, header: header) }
                }
                guard let mark = reached.saved else { return nil }
                saved = mark
            }
            guard let saved, let described = try await describe(saved, of: household, header: header, withProducts: withProducts)
            else { continue }
            return described
        }
        throw APIError(.conflict, "The household's snapshots changed while it was read; ask again.")
    }

    /// Folds the household through its head and saves that state unless one through the head is saved.
    /// - Returns: the head, and the saved state's `seq` and mark (`nil` when the journal has nothing to fold).
    private func foldSaving(_ household: HouseholdID, header: CheckpointHeader) async throws
        -> (seq: Int64, saved: (seq: Int64, mark: String)?)
    {
        let view = try await fold(household)
        if let saved = try await store.newestReplicaCheckpointMark(of: household, atLeast: view.seq, header: header.bytes) {
            return (view.seq, saved)
        }
        guard let checkpoint = Self.checkpoint(view.state, of: household) else { return (view.seq, nil) }
        try await save(checkpoint, of: household, through: view.seq)
        if var known = folded[household], known.view.seq == view.seq {
            known.savedThrough = view.seq
            folded[household] = known
        }
        guard let saved = try await store.newestReplicaCheckpointMark(of: household, atLeast: view.seq, header: header.bytes)
        else { throw SyncStoreError.householdNotFound(household) }
        return (view.seq, saved)
    }

    /// The snapshot of the saved state through `saved.seq`, or `nil` when it is no longer kept.
    private func describe(
        _ saved: (seq: Int64, mark: String), of household: HouseholdID, header: CheckpointHeader, withProducts: Bool
    ) async throws -> ReplicaSnapshot? {
        let digest: SnapshotDigest
        if let known = digests[household], known.seq == saved.seq {
            digest = known
        } else {
            guard let stored = try await store.replicaCheckpointDigest(of: household, through: saved.seq) else { return nil }
            digest = SnapshotDigest(seq: saved.seq, byteCount: stored.byteCount, sha256: stored.sha256)
            if (digests[household]?.seq ?? 0) <= saved.seq { digests[household] = digest }
        }
        var productIDs: [String] = []
        if withProducts {
            let state: InventoryState
            if let known = folded[household], known.view.seq == saved.seq {
                state = known.view.state
            } else {
                guard let stored = try await store.replicaCheckpoint(of: household, through: saved.seq) else { return nil }
                do {
                    let mark = try RecordCoding.decode(InventoryCheckpointMark.self, from: Data(stored.mark.utf8))
                    state = try InventoryCheckpoint(mark: mark, stateData: stored.state).state()
                } catch {
                    throw SyncStoreError.damagedRecord(
                        "replica checkpoint through \(saved.seq): \(RecordCoding.describe(error))")
                }
            }
            productIDs = Set(state.lots.values.map(\.productID.rawValue)).sorted()
        }
        return ReplicaSnapshot(
            seq: saved.seq, mark: saved.mark, byteCount: digest.byteCount, sha256: digest.sha256,
            formatVersion: header.version, productIDs: productIDs)
    }

    // MARK: - Folding

    private func fold(_ household: HouseholdID) async throws -> ReplicaView {
        guard let head = try await store.replicaHead(of: household) else {
            folded[household] = nil
            store.appendedJournal.forget(household)
            throw SyncStoreError.householdNotFound(household)
        }
        reads &+= 1
        if var known = folded[household], known.view.seq == head {
            known.lastRead = reads
            folded[household] = known
            return known.view
        }
        // Only a fold through at most `head` may start this one: a state saved past it meanwhile (another instance,
        // a snapshot) would put entries committed after `head` in a view labelled `head`.
        var start = folded[household].flatMap { $0.view.seq <= head ? $0 : nil }
        if start == nil { start = try await newestSavedState(of: household, through: head) }
        let state: InventoryState
        var recent = RecentFolds()
        var prefix: KeyedPrefix?
        if let start {
            let tail = try await entries(of: household, after: start.view.seq, through: head)
            recent = start.recent
            // Kept only when it folds the same log as `start` and takes the tail in.
            prefix = start.prefix.flatMap { $0.throughSeq == start.view.seq ? $0 : nil }
            if let continued = InventoryProjector.project(tail.map(\.entry), continuing: start.view.state) {
                state = continued
                foldCounts.continued += 1
            } else if let refolded = recent.refold(with: tail) {
                state = refolded
                foldCounts.fromRecentState += 1
            } else if let fromPrefix = prefix?.fold(tail) {
                state = fromPrefix
                foldCounts.fromKeyedPrefix += 1
            } else {
                (state, prefix) = try await rebuild(household, through: head, skipping: start.view.seq)
            }
            if prefix?.throughSeq == start.view.seq, prefix?.extend(with: tail, through: head) == false { prefix = nil }
            if prefix?.moveForward(keeping: policy.prefixKeptEntries, beyond: policy.prefixMaxEntries) == false {
                prefix = nil
            }
            recent.keep(start.view.state, at: start.view.seq, then: tail, head: head)
        } else {
            (state, prefix) = try await rebuild(household, through: head, skipping: nil)
        }
        let view = ReplicaView(seq: head, state: state, foldedAt: Date())
        var savedThrough = start?.savedThrough ?? 0
        if head - savedThrough >= policy.checkpointInterval, let checkpoint = Self.checkpoint(state, of: household) {
            try await save(checkpoint, of: household, through: head)
            savedThrough = head
        }
        try await store.recordReplicaProgress(of: household, through: head)
        // Recent entries stay: a late arrival that reaches back past every kept state refolds from a saved state
        // or the whole journal, and reads from the log only what is older.
        store.appendedJournal.forget(household, through: head - policy.appendedEntriesKept)
        reads &+= 1
        folded[household] = Folded(view: view, savedThrough: savedThrough, lastRead: reads, recent: recent, prefix: prefix)
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
    /// at `skipping`, already tried), else from the whole journal — which also makes the household's
    /// ``KeyedPrefix``.
    private func rebuild(_ household: HouseholdID, through head: Int64, skipping: Int64?) async throws
        -> (state: InventoryState, prefix: KeyedPrefix?)
    {
        for seq in try await store.replicaCheckpointSeqs(of: household) where seq != skipping && seq <= head {
            guard let saved = try await savedState(of: household, through: seq),
                let state = try await continuing(saved, after: seq, through: head, of: household)
            else { continue }
            foldCounts.fromOlderSavedState += 1
            return (state, nil)
        }
        foldCounts.wholeJournal += 1
        logger.debug("replica: folding the whole journal", metadata: ["household": "\(household)", "seq": "\(head)"])
        return KeyedPrefix.split(
            try await entries(of: household, after: 0, through: head), through: head, kept: policy.prefixKeptEntries)
    }

    /// The newest saved state through at most `head` that the kit can read.
    private func newestSavedState(of household: HouseholdID, through head: Int64) async throws -> Folded? {
        for seq in try await store.replicaCheckpointSeqs(of: household) where seq <= head {
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
            // What this instance appended is taken as it was pushed; the log is read from the first entry it lacks.
            let appended = store.appendedJournal.run(of: household, after: cursor, through: head)
            if let last = appended.last {
                entries += appended
                cursor = last.seq
                continue
            }
            // Only the gap before the next entry kept here is read.
            let gapEnd = store.appendedJournal.nextKept(of: household, after: cursor).map { min($0 - 1, head) } ?? head
            let page = try await store.journalPayloads(of: household, after: cursor, through: gapEnd, limit: policy.pageSize)
            for row in page {
                do {
                    entries.append((row.seq, try RecordCoding.decode(InventoryJournalEntry.self, from: Data(row.payload.utf8))))
                } catch {
                    // The server validated every entry on push: one that no longer decodes is damage, not input.
                    throw SyncStoreError.damagedRecord("journal entry at seq \(row.seq): \(RecordCoding.describe(error))")
                }
            }
            // A short page read the whole gap (its other numbers are products and named entities).
            cursor = page.count < policy.pageSize ? gapEnd : page[page.count - 1].seq
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

    /// Saves a checkpoint and, when it was written, remembers its size and digest.
    private func save(_ checkpoint: (mark: String, state: Data), of household: HouseholdID, through seq: Int64) async throws {
        let written = try await store.saveReplicaCheckpoint(
            of: household, through: seq, mark: checkpoint.mark, state: checkpoint.state, keeping: policy.keptCheckpoints)
        guard written else { return }
        let hex = SHA256.hash(data: checkpoint.state).map { String(format: "%02x", $0) }.joined()
        digests[household] = SnapshotDigest(seq: seq, byteCount: Int64(checkpoint.state.count), sha256: hex)
    }

    private func evictBeyondCapacity() {
        while folded.count > policy.cachedHouseholds,
            let oldest = folded.min(by: { $0.value.lastRead < $1.value.lastRead })?.key
        {
            folded[oldest] = nil
        }
        if digests.count > policy.cachedHouseholds {
            digests = digests.filter { folded[$0.key] != nil }
        }
    }
}
