import Foundation
import InventoryKit
import InventorySync

/// Keeps a household's checkpoints in step with its journal: rebuilds states from the newest usable checkpoint,
/// names the checkpoints a commit makes stale, and writes new ones in the background.
///
/// Every method but the background write runs inside the service's gate. A checkpoint is encoded outside the gate
/// from a copy of the state, then committed in a short step inside it — unless a commit made checkpoints stale
/// since the copy was taken (the household's epoch moved), when it is dropped. At most one write per household
/// is in flight; when it lands and the state is due again, the next one starts from the newest state. A pull
/// defers writes until it ends (``deferWrites(of:)``, ``resumeWrites(of:)``): one encode of the settled state
/// instead of one of the whole, growing state every interval, each competing with the next pages for the cores —
/// except a checkpoint every ``pullSealInterval`` entries, written between two pages (``sealDuringPull(_:)``).
final class InventoryCheckpointKeeper: @unchecked Sendable {
    // @unchecked: `marks`, `floors`, `epochs`, `inFlight`, `deferred` and `tasks` are only touched under `lock`.
    let lock = NSLock()
    var marks: [HouseholdID: [InventoryCheckpointMark]] = [:]
    /// The households' snapshot floors as read from the store (`.some(nil)`: read, none).
    private var floors: [HouseholdID: InventorySnapshotFloor?] = [:]
    private var epochs: [HouseholdID: Int] = [:]
    private var inFlight: Set<HouseholdID> = []
    private var deferred: Set<HouseholdID> = []
    private var tasks: [UUID: Task<Void, Never>] = [:]

    let policy: InventoryCheckpointPolicy
    let store: any InventoryJournalStore
    let cache: InventoryStateCache
    private let gate: SerialGate

    init(policy: InventoryCheckpointPolicy, store: any InventoryJournalStore, cache: InventoryStateCache, gate: SerialGate) {
        self.policy = policy
        self.store = store
        self.cache = cache
        self.gate = gate
    }

    // MARK: - Rebuilding

    /// The household's state, rebuilt from the newest checkpoint `reach` leaves valid plus the entries after it,
    /// or from the whole journal when no checkpoint serves. A checkpoint that cannot be read is skipped: it is
    /// only a shortcut, and the journal is the truth.
    func rebuild(_ household: HouseholdID, reach: InventoryReach) async throws -> InventoryState {
        for mark in try await marks(of: household).sorted(by: { $0.orderKey > $1.orderKey })
        where !reach.invalidates(mark.orderKey) {
            guard let checkpoint = try? await store.checkpoint(mark), let start = try? checkpoint.state(),
                start.lastAppliedOrderKey == mark.orderKey
            else { continue }
            let tail = try await store.entries(of: household, after: mark.orderKey)
            if let state = InventoryProjector.project(tail, continuing: start) { return state }
        }
        if let floor = try await floor(of: household) { return try await rebuild(household, from: floor) }
        return InventoryProjector.project(try await store.entries(of: household))
    }

    /// The state of a household whose journal starts at a snapshot: the floor's state continued with every entry
    /// after it. The sync adapter loads a newer snapshot rather than adopt entries that reach before the floor, and
    /// the service refuses to undo what the floor holds, so the continuation holds; when it does not (a store
    /// changed behind the kit's back), the household cannot be opened on this device until a snapshot replaces it.
    private func rebuild(_ household: HouseholdID, from floor: InventorySnapshotFloor) async throws -> InventoryState {
        let reason: String
        if let checkpoint = try await store.checkpoint(floor.mark) {
            let start = try checkpoint.state()
            let tail = try await store.entries(of: household, after: floor.mark.orderKey)
            if let state = InventoryProjector.project(tail, continuing: start) { return state }
            reason = "the entries after this device's snapshot (change \(floor.seq)) do not fold onto it"
        } else {
            reason = "the checkpoint of this device's snapshot (change \(floor.seq)) is missing"
        }
        throw StorageError.corruptRecord(
            collection: InventoryCheckpoint.collection, id: RecordID(floor.mark.orderKey.entryID), reason: reason)
    }

    // MARK: - Snapshots

    /// The snapshot the household's journal starts from on this device, read from the store once.
    func floor(of household: HouseholdID) async throws -> InventorySnapshotFloor? {
        if let known = lock.withLock({ floors[household] }) { return known }
        let loaded = try await store.snapshotFloor(of: household)
        // A snapshot loaded while the store was read (``loaded(_:)``) wins over what the read found.
        return lock.withLock {
            if let known = floors[household] { return known }
            floors[household] = .some(loaded)
            return loaded
        }
    }

    /// After a commit that loaded a snapshot: the household's only checkpoint is the snapshot's, its floor is the
    /// snapshot's, and any write in flight is stale.
    func loaded(_ snapshot: InventorySnapshot) {
        lock.withLock {
            let household = snapshot.householdID
            epochs[household, default: 0] += 1
            marks[household] = [snapshot.checkpoint.mark]
            floors[household] = .some(snapshot.floor)
        }
    }

    // MARK: - Staleness

    /// The stored checkpoints a commit of `entries` makes stale, given how far back they reach.
    func stale(_ household: HouseholdID, reach: InventoryReach) async throws -> [InventoryCheckpointMark] {
        guard reach != .none else { return [] }
        let floor = try await floor(of: household)
        return try await marks(of: household).filter { reach.invalidates($0.orderKey) && $0 != floor?.mark }
    }

    /// After a commit that reached back into the journal: forgets the dropped marks, and makes any write in
    /// flight for the household stale.
    func committed(_ household: HouseholdID, reach: InventoryReach, dropped: [InventoryCheckpointMark]) {
        guard reach != .none else { return }
        lock.withLock {
            epochs[household, default: 0] += 1
            marks[household]?.removeAll { dropped.contains($0) }
        }
    }

    // MARK: - Writing

    /// Holds back new checkpoint writes of the household (a write in flight still lands) until
    /// ``resumeWrites(of:)``.
    func deferWrites(of household: HouseholdID) {
        _ = lock.withLock { deferred.insert(household) }
    }

    /// Ends ``deferWrites(of:)`` and starts the checkpoint that is due, if any.
    func resumeWrites(of household: HouseholdID) {
        _ = lock.withLock { deferred.remove(household) }
        scheduleIfDue(household)
    }

    /// Starts a background checkpoint of the household's cached state when it is due, none is in flight and
    /// writes are not deferred.
    func scheduleIfDue(_ household: HouseholdID) {
        guard policy.interval > 0, let state = cache.state(of: household) else { return }
        lock.withLock {
            let last = marks[household]?.map(\.entryCount).max() ?? 0
            guard marks[household] != nil, !inFlight.contains(household), !deferred.contains(household),
                policy.isDue(entryCount: state.entryLog.count, lastCount: last)
            else { return }
            _ = startWrite(state, of: household, thenScheduleNext: true)
        }
    }

    /// Writes a checkpoint of the household's cached state now, unless the newest checkpoint already holds every
    /// entry of it, checkpoints are disabled, or writes are deferred (a pull in progress); waits for it.
    ///
    /// A checkpoint in flight lands first; the write is the background one's (encoded outside the gate, committed
    /// inside it, dropped when a commit made it stale meanwhile). A write that a concurrent command or call starts
    /// after that wait is waited for too, and the state is looked at again once it has landed (at most
    /// ``maximumWaits`` times, so commands that never stop cannot hold the call forever).
    func writeNow(_ household: HouseholdID) async {
        guard policy.interval > 0 else { return }
        for _ in 0..<Self.maximumWaits {
            await waitForBackgroundWork()
            let step: WriteStep = await gate.run {
                guard let state = cache.state(of: household), (try? await marks(of: household)) != nil else {
                    return .nothingToWrite
                }
                return lock.withLock {
                    let last = marks[household]?.map(\.entryCount).max() ?? 0
                    guard !deferred.contains(household), state.entryLog.count > last else { return .nothingToWrite }
                    guard !inFlight.contains(household) else { return .anotherWriteInFlight }
                    return .started(startWrite(state, of: household, thenScheduleNext: false))
                }
            }
            switch step {
            case .nothingToWrite: return
            case .anotherWriteInFlight: continue
            case .started(let write): return await write.value
            }
        }
    }

    /// What ``writeNow(_:)`` found inside the gate.
    private enum WriteStep: Sendable {
        case nothingToWrite
        /// Wait for it, then look again.
        case anotherWriteInFlight
        case started(Task<Void, Never>)
    }

    /// How often ``writeNow(_:)`` waits for a write that started after its previous wait.
    static let maximumWaits = 16

    /// Starts writing a checkpoint of `state` as a task that ``waitForBackgroundWork()`` waits for; the household
    /// is in flight until it ends. Call it holding `lock`, with the household not in flight.
    private func startWrite(
        _ state: InventoryState, of household: HouseholdID, thenScheduleNext: Bool
    ) -> Task<Void, Never> {
        inFlight.insert(household)
        let epoch = epochs[household, default: 0]
        let id = UUID()
        let task = Task { [self] in
            await write(state, of: household, epoch: epoch)
            lock.withLock {
                inFlight.remove(household)
                tasks[id] = nil
            }
            if thenScheduleNext { await gate.run { scheduleIfDue(household) } }
        }
        tasks[id] = task
        return task
    }

    /// Waits until no checkpoint write is in flight.
    func waitForBackgroundWork() async {
        while let task = lock.withLock({ tasks.values.first }) {
            await task.value
        }
    }

    /// Encodes the state outside the gate, then commits it with the surplus marks dropped, unless it went stale.
    /// Once written, the cached state's history up to the checkpoint is swapped for the checkpoint's sealed bytes
    /// (``InventoryState/resealed(by:after:)``), so the next write copies them instead of encoding them again.
    private func write(_ state: InventoryState, of household: HouseholdID, epoch: Int) async {
        guard let checkpoint = try? InventoryCheckpoint(state: state, of: household) else { return }
        let sealed = InventoryCheckpointFormat.sealedHistory(of: checkpoint.stateData)
        await gate.run {
            let current: (marks: [InventoryCheckpointMark], floor: InventoryCheckpointMark?)? = lock.withLock {
                guard epochs[household, default: 0] == epoch, let known = marks[household] else { return nil }
                return (known, floors[household]??.mark)
            }
            guard let current else { return }
            var transaction = InventoryLocalTransaction()
            transaction.checkpoints = [checkpoint]
            // The snapshot's checkpoint is never surplus: the journal before it is not on this device.
            transaction.droppedCheckpoints = policy.surplus(current.marks.filter { $0 != current.floor } + [checkpoint.mark])
            // A failed write loses nothing: the journal is the truth and the next due state tries again.
            guard (try? await store.commit(transaction)) != nil else { return }
            lock.withLock {
                var kept = (marks[household] ?? []).filter { !transaction.droppedCheckpoints.contains($0) && $0 != checkpoint.mark }
                if !transaction.droppedCheckpoints.contains(checkpoint.mark) { kept.append(checkpoint.mark) }
                marks[household] = kept
            }
            if let sealed, let current = cache.take(household) {
                cache.put(current.resealed(by: sealed, after: state), for: household)
            }
        }
    }

    // MARK: - Marks

    /// The household's marks, read from the store once.
    func marks(of household: HouseholdID) async throws -> [InventoryCheckpointMark] {
        if let known = lock.withLock({ marks[household] }) { return known }
        let loaded = try await store.checkpointMarks(of: household)
        lock.withLock { marks[household] = loaded }
        return loaded
    }
}
