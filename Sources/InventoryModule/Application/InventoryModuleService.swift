import Foundation
import InventoryKit
import InventorySync

/// Household stock, offline first: every command is validated against the local projection, written to the
/// append-only journal together with its outbox entries in one atomic step, and synced as journal entries.
///
/// Quantities are derived from the journal, so two devices that consume from the same lot offline both keep
/// their consumption after sync, and every replica projects the same stock from the same set of entries.
///
/// Commands are linearizable: overlapping calls behave as if run one at a time, in the order they arrived — each
/// reads the household's state, decides and commits inside the service's `SerialGate`, and each local step of a
/// sync pass does too. Two overlapping calls with one idempotency key book once.
///
/// ```swift
/// let inventory = InventoryModuleService(storage: provider, remote: gateway, products: resolver, replicaID: "phone")
/// try await inventory.perform(.createHousehold(name: "Home"), in: home)
/// try await inventory.perform(.purchase(PurchaseRequest(productID: milk, amount: 2)), in: home, idempotencyKey: key)
/// let stock = try await inventory.state(of: home)
/// ```
public actor InventoryModuleService {
    /// Resolves product references (existence, migrated ids).
    public nonisolated let products: any ProductReferenceResolver
    /// Whether the remote can be reached.
    public nonisolated let connectivity: any ConnectivityProvider
    /// Write and retry policies.
    public nonisolated let strategy: InventorySyncStrategy
    /// This replica's identity.
    public nonisolated let replicaID: ReplicaID
    /// The source of timestamps.
    public nonisolated let clock: InventoryClock
    /// The time zone a household created through this service gets (the device's by default), unless another
    /// device created the household earlier in journal order; change it later with
    /// ``InventoryCommand/setHouseholdTimeZone(_:)``.
    public nonisolated let timeZone: HouseholdTimeZone

    /// The local journal (for the package's tests; apps go through the commands, which keep the outbox).
    package nonisolated let store: any InventoryJournalStore
    /// The remote, or `nil` for a local-only inventory.
    package nonisolated let remote: (any InventoryRemoteGateway)?
    private nonisolated let makeUUID: @Sendable () -> UUID
    private nonisolated let gate = SerialGate()
    private nonisolated let cache = InventoryStateCache()
    private nonisolated let sequencer: OutboxSequencer
    private nonisolated let preparation: InventoryCommandPreparation
    private nonisolated let engine: OutboxSyncEngine<InventorySyncAdapter>

    /// Creates the service on a native journal store.
    public init(
        store: any InventoryJournalStore, remote: (any InventoryRemoteGateway)? = nil,
        products: any ProductReferenceResolver = AcceptingProductReferenceResolver(),
        connectivity: any ConnectivityProvider = StaticConnectivity.online, strategy: InventorySyncStrategy = .standard,
        checkpoints: InventoryCheckpointPolicy = .standard,
        replicaID: ReplicaID, clock: InventoryClock = .system, random: RandomSource = .system,
        timeZone: HouseholdTimeZone = .device, makeUUID: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.timeZone = timeZone
        self.store = store
        self.remote = remote
        self.products = products
        self.connectivity = connectivity
        self.strategy = strategy
        self.replicaID = replicaID
        self.clock = clock
        self.makeUUID = makeUUID
        sequencer = OutboxSequencer { try await store.lastOutboxSequence() }
        preparation = InventoryCommandPreparation(products: products)
        engine = OutboxSyncEngine(
            adapter: InventorySyncAdapter(
                store: store, remote: remote, cache: cache,
                checkpoints: InventoryCheckpointKeeper(policy: checkpoints, store: store, cache: cache, gate: gate)),
            gate: gate,
            hasRemote: remote != nil, defaultScopes: { [cache] in cache.households }, connectivity: connectivity,
            configuration: OutboxSyncConfiguration(
                retryPolicy: strategy.retryPolicy,
                limits: OutboxSyncLimits(
                    pushBatchSize: strategy.pushBatchSize, pushCommitSize: strategy.pushCommitSize,
                    pullPageSize: strategy.pullBatchSize, pullCommitSize: strategy.pullCommitSize),
                writePolicy: strategy.writePolicy),
            clock: clock, random: random)
    }

    /// Creates the service on any `StorageProvider` (through ``StorageInventoryStore``).
    public init(
        storage: any StorageProvider, remote: (any InventoryRemoteGateway)? = nil,
        products: any ProductReferenceResolver = AcceptingProductReferenceResolver(),
        connectivity: any ConnectivityProvider = StaticConnectivity.online, strategy: InventorySyncStrategy = .standard,
        checkpoints: InventoryCheckpointPolicy = .standard,
        replicaID: ReplicaID, clock: InventoryClock = .system, random: RandomSource = .system,
        timeZone: HouseholdTimeZone = .device, makeUUID: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.init(
            store: StorageInventoryStore(storage: storage), remote: remote, products: products,
            connectivity: connectivity, strategy: strategy, checkpoints: checkpoints, replicaID: replicaID, clock: clock,
            random: random, timeZone: timeZone, makeUUID: makeUUID)
    }

    // MARK: - State

    /// The projected state of a household (loaded from the journal on first use), after every command that
    /// started before this call.
    ///
    /// Under ``InventoryReadPolicy/localThenRemoteIfStale(staleAfter:)`` a household not pulled for longer than
    /// that (or never, or at a time ahead of the clock) is pulled first when the device is online; the time of the
    /// last successful pull is kept by the store (``InventoryJournalStore/lastPullTime(of:)``), so a new service
    /// over the same store does not pull again while it is fresh. A failed pull is reported through the events and
    /// the local state answers.
    ///
    /// - Throws: a storage error.
    public func state(of household: HouseholdID) async throws -> InventoryState {
        try await refreshIfStale(household)
        return try await gate.run { try await engine.adapter.state(of: household) }
    }

    /// When each household was last pulled without a failure, as far as this service knows: read from the store
    /// once, then kept here (a store that keeps no pull times leaves it in memory only).
    private var lastPulled: [HouseholdID: Date] = [:]

    /// The refresh pulls in flight, by household: reads that find the state stale while one runs wait for it
    /// instead of pulling again.
    private var refreshes: [HouseholdID: Task<Void, any Error>] = [:]

    /// Pulls `household` first when the read policy finds its local state stale and the remote can be reached. A
    /// last pull after `now` (the clock moved back) counts as stale. Overlapping stale reads share one pull.
    private func refreshIfStale(_ household: HouseholdID) async throws {
        guard case .localThenRemoteIfStale(let staleAfter) = strategy.readPolicy, remote != nil else { return }
        let started = clock.now()
        if let last = try await lastPull(of: household), last <= started, started.timeIntervalSince(last) < staleAfter {
            return
        }
        // Re-entrant: another read may have started the pull while this one read the last pull's time.
        if let running = refreshes[household] { return try await running.value }
        let refresh = Task { try await self.pull(household, startedAt: started) }
        refreshes[household] = refresh
        defer { refreshes[household] = nil }
        try await refresh.value
    }

    /// One refresh pull of `household`, recorded when it succeeded.
    private func pull(_ household: HouseholdID, startedAt started: Date) async throws {
        guard await connectivity.isOnline else { return }
        let report = try await syncPending(households: [household])
        if report.pullFailures[household] == nil, report.stoppedBy == nil, report.wasOnline {
            try await recordPull(of: household, at: started)
        }
    }

    /// The time of the household's last successful pull: this service's, else the store's.
    private func lastPull(of household: HouseholdID) async throws -> Date? {
        if let known = lastPulled[household] { return known }
        let stored = try await store.lastPullTime(of: household)
        // Re-entrant: a pull recorded while the store answered is newer.
        if let stored, lastPulled[household] == nil { lastPulled[household] = stored }
        return lastPulled[household]
    }

    /// Records a successful pull that started at `started`, here and in the store. A later pull that another read
    /// recorded meanwhile is kept, unless it lies ahead of the clock (which moved back).
    private func recordPull(of household: HouseholdID, at started: Date) async throws {
        if let previous = lastPulled[household], previous > started, previous <= clock.now() { return }
        lastPulled[household] = started
        var transaction = InventoryLocalTransaction()
        transaction.pullTime = (household, started)
        try await gate.run { try await store.commit(transaction) }
    }

    /// The sync state of one journal entry: pending or failed while it waits in the outbox, synced after.
    ///
    /// - Returns: `nil` when the entry is unknown.
    /// - Throws: a storage error.
    public func syncStatus(ofEntry id: UUID) async throws -> SyncStatus? {
        if let waiting = try await store.outboxEntry(for: id) {
            guard let error = waiting.lastError else { return .pendingUpsert }
            return .failed(retryCount: waiting.attempts, lastError: error, nextRetryAt: waiting.nextAttemptAt)
        }
        return try await store.containsEntry(id) ? .synced : nil
    }

    /// How many journal entries wait to reach the remote (quarantined ones included).
    ///
    /// - Throws: a storage error.
    public func pendingCount() async throws -> Int {
        try await store.outboxCount()
    }

    /// The journal entries waiting to be pushed (quarantined ones are listed by ``quarantinedEntries()``), oldest
    /// first, up to `limit`: each with its entry id (the operation id), attempts and last error.
    ///
    /// - Throws: a storage error.
    public func waitingEntries(limit: Int = 100) async throws -> [InventoryOutboxEntry] {
        try await engine.waiting(limit: limit)
    }

    /// The journal entries quarantined after a permanent error or too many attempts, oldest first, with their age
    /// and error. They stay until ``requeueQuarantined(_:)`` or ``discardQuarantined(_:reason:)``.
    ///
    /// - Throws: a storage error.
    public func quarantinedEntries() async throws -> [QuarantinedOperation<InventoryJournalChange>] {
        try await engine.quarantined()
    }

    /// The earliest time a waiting entry may be retried, or `nil` when nothing waits outside quarantine.
    ///
    /// - Throws: a storage error.
    public func nextRetryDate() async throws -> Date? {
        try await engine.nextRetryDate()
    }

    /// A stream of sync events from now on.
    public nonisolated func events() async -> AsyncStream<InventorySyncEvent> {
        await engine.events()
    }

    // MARK: - Commands

    /// Validates a command against the household's state, books it in the journal with its outbox entries in one
    /// atomic step, and returns.
    ///
    /// A command repeated with an idempotency key that was used before (a double tap, a retried call, an
    /// overlapping call) is not applied again: the result names the original transaction and
    /// ``InventoryTransactionResult/isReplay``. A key used on two devices while both were offline counts once
    /// after they sync (the fold keeps the transaction first in journal order).
    ///
    /// - Throws: ``InventoryError`` when the command is invalid (nothing written), a resolver error, or a
    ///   storage error (nothing written).
    @discardableResult
    public func perform(
        _ command: InventoryCommand, in household: HouseholdID, correlationID: CorrelationID? = nil,
        idempotencyKey: IdempotencyKey? = nil
    ) async throws -> InventoryTransactionResult {
        let result = try await gate.run {
            try await book(command, in: household, correlationID: correlationID, idempotencyKey: idempotencyKey)
        }
        if !result.entries.isEmpty { await afterLocalWrite() }
        return result
    }

    /// Gives quarantined entries a fresh set of attempts: all of them, or those with the given entry ids.
    ///
    /// - Returns: how many entries were requeued.
    /// - Throws: a storage error.
    @discardableResult
    public func requeueQuarantined(_ entryIDs: Set<UUID>? = nil) async throws -> Int {
        try await engine.requeue(entryIDs).count
    }

    /// Discards quarantined entries for good, for a reason the event stream reports: they are never pushed. The
    /// entries stay in the local journal (undo their transaction to take their effect back); entries that are not
    /// quarantined are left alone.
    ///
    /// - Returns: how many entries were discarded.
    /// - Throws: a storage error.
    @discardableResult
    public func discardQuarantined(_ entryIDs: Set<UUID>, reason: String) async throws -> Int {
        try await engine.discard(entryIDs, reason: reason).count
    }

    // MARK: - Sync

    /// Pushes waiting journal entries, then pulls the remote journals of the given households (by default every
    /// household this service has loaded); one pass at a time. With `households`, only those households' entries
    /// are pushed (a remote that serves one household never receives another's); without, every waiting entry.
    ///
    /// Remote failures do not throw: entries are retried with backoff or quarantined, and reported (a failed pull
    /// in `SyncReport.pullFailures`).
    ///
    /// - Parameters:
    ///   - households: the households to sync, or `nil` for every loaded one.
    ///   - trigger: who asked. `SyncTrigger.automatic` (the default) pushes the entries whose retry is due, so
    ///     failed pushes wait out their backoff; `SyncTrigger.explicit` (a person's "Sync now") pushes every entry
    ///     that is not quarantined, now.
    /// - Throws: a local storage error.
    @discardableResult
    public func syncPending(
        households: [HouseholdID]? = nil, trigger: SyncTrigger = .automatic
    ) async throws -> InventorySyncReport {
        try await engine.sync(scopes: households ?? cache.households, scopingPushes: households != nil, trigger: trigger)
    }

    /// Runs sync passes until nothing waits for a retry, sleeping (with the injected `sleep`) until the next retry
    /// is due: retries fire without a new local write. Ends early when the remote refuses the device. With
    /// `households`, each pass pushes only their entries, as ``syncPending(households:trigger:)`` does.
    ///
    /// - Returns: the last pass's report.
    /// - Throws: a local storage error, or whatever `sleep` throws (for example `CancellationError`).
    @discardableResult
    public func runRetryLoop(
        households: [HouseholdID]? = nil, sleep: @Sendable (TimeInterval) async throws -> Void
    ) async throws -> InventorySyncReport {
        let cache = cache
        return try await engine.runRetryLoop(
            scopes: { households ?? cache.households }, scopingPushes: households != nil, sleep: sleep)
    }

    /// Checkpoints each household (by default every loaded one) whose newest checkpoint is behind its state, and
    /// waits for the writes.
    ///
    /// Checkpoints are written in the background every ``InventoryCheckpointPolicy/interval`` entries, so a cold
    /// open folds up to that many entries after the newest one. Call this when the app goes idle or to the
    /// background (for example on `scenePhase == .background`) and the next cold open folds none. A household
    /// being pulled is skipped (its checkpoint is written when the pull ends); a failed write loses nothing.
    public func writeCheckpoints(households: [HouseholdID]? = nil) async {
        for household in households ?? cache.households {
            await engine.adapter.checkpoints.writeNow(household)
        }
    }

    /// Waits until every background push and checkpoint write started so far has finished.
    public func waitForBackgroundWork() async {
        await engine.waitForBackgroundWork()
        await engine.adapter.checkpoints.waitForBackgroundWork()
    }

    // MARK: - Internals

    /// Decides and commits a command; runs inside the gate.
    private func book(
        _ command: InventoryCommand, in household: HouseholdID, correlationID: CorrelationID?, idempotencyKey: IdempotencyKey?
    ) async throws -> InventoryTransactionResult {
        let (entries, replayOf, now) = try await decide(
            command, in: household, correlationID: correlationID, idempotencyKey: idempotencyKey)
        if let replayOf { return InventoryTransactionResult(transactionID: replayOf, entries: [], isReplay: true) }
        guard !entries.isEmpty else {
            return InventoryTransactionResult(transactionID: nil, entries: [], isReplay: idempotencyKey != nil)
        }
        let sequences = try await sequencer.next(entries.count)
        var transaction = InventoryLocalTransaction()
        transaction.entries = entries
        transaction.outboxEntries = zip(entries, sequences).map { entry, sequence in
            InventoryOutboxEntry(
                operationID: entry.id, entityID: household.rawValue, sequence: sequence,
                payload: InventoryJournalChange(entry: entry), enqueuedAt: now)
        }
        // The decision's copy of the state is gone by now: folding changes the cached state in place.
        try await engine.adapter.commitAndFold(transaction, into: household)
        return InventoryTransactionResult(transactionID: entries.first?.transactionID, entries: entries, isReplay: false)
    }

    /// The entries that carry out a command on the household's current state, or the transaction that already
    /// used the idempotency key.
    private func decide(
        _ command: InventoryCommand, in household: HouseholdID, correlationID: CorrelationID?, idempotencyKey: IdempotencyKey?
    ) async throws -> (entries: [InventoryJournalEntry], replayOf: TransactionID?, now: Date) {
        let state = try await engine.adapter.state(of: household)
        if let key = idempotencyKey, let original = state.idempotencyResults[key] { return ([], original, clock.now()) }
        if case .undo(let id) = command, let floor = try await engine.adapter.checkpoints.floor(of: household),
            let effect = state.effects[id], effect.firstOrderKey <= floor.mark.orderKey
        {
            throw InventoryError.undoBeforeSnapshot(id, snapshotSeq: floor.seq)
        }
        let command = try await preparation.canonicalized(command, in: state)
        let known = try await preparation.knownProducts(in: command)
        let latest = state.lastAppliedOrderKey?.recordedAt ?? .distantPast
        let now = max(clock.now(), latest.addingTimeInterval(0.001))
        let context = InventoryCommandContext(
            householdID: household, now: now, replicaID: replicaID,
            correlationID: correlationID ?? CorrelationID(makeUUID()), idempotencyKey: idempotencyKey,
            makeUUID: makeUUID, knownProducts: known, timeZone: timeZone)
        return (try InventoryCommandHandler.decide(command, in: state, context: context), nil, now)
    }

    private func afterLocalWrite() async {
        await engine.localWriteCommitted()
    }
}
