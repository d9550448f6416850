import Foundation
import InventoryKit

/// The offline-first sync loop both modules run on: push rounds of due outbox entries with per-operation
/// results, acknowledgement, retries with full-jitter backoff, quarantine (list, requeue, discard), a retry loop,
/// pull pages per scope with a durable cursor, typed events and a report per pass.
///
/// A module supplies an `OutboxSyncAdapter` (its outbox, its gateway, and the local steps only it knows) and
/// keeps what is its own: product conflict resolution and adoption, journal projection. Passes run one at a time;
/// quarantine changes wait for a running pass. Every local step of a pass runs inside the module's `SerialGate`,
/// so it never interleaves with a command.
///
/// ```swift
/// let engine = OutboxSyncEngine(adapter: myAdapter, gate: gate, configuration: .init(retryPolicy: .standard))
/// let report = try await engine.sync(scopes: [home])
/// for await event in await engine.events() { … }
/// ```
package actor OutboxSyncEngine<Adapter: OutboxSyncAdapter> {
    /// The typed events of this engine.
    package typealias Event = SyncEvent<Adapter.EntityID, Adapter.Scope>
    /// The report of one pass.
    package typealias Report = SyncReport<Adapter.Scope>

    /// The module's side.
    package nonisolated let adapter: Adapter
    /// The gate shared with the module's commands.
    package nonisolated let gate: SerialGate
    /// Whether the remote can be reached.
    package nonisolated let connectivity: any ConnectivityProvider
    /// Retry policy, limits and write policy.
    package nonisolated let configuration: OutboxSyncConfiguration
    /// The source of timestamps.
    package nonisolated let clock: InventoryClock
    /// The source of retry jitter.
    package nonisolated let random: RandomSource
    /// Whether there is a remote at all (a local-only service has an engine that never pushes).
    package nonisolated let hasRemote: Bool
    /// The scopes a background pass pulls (the module's loaded households, or its one feed).
    package nonisolated let defaultScopes: @Sendable () async -> [Adapter.Scope]

    let hub = SyncEventHub<Event>()
    private var tail: Task<Void, Never>?
    private var background: [UUID: Task<Void, Never>] = [:]
    /// Whether a background pass (with push) or a background pull is queued and has not started yet.
    private var queued: (pass: Bool, pull: Bool) = (false, false)

    /// Creates an engine.
    package init(
        adapter: Adapter, gate: SerialGate, hasRemote: Bool = true,
        defaultScopes: @escaping @Sendable () async -> [Adapter.Scope] = { [] },
        connectivity: any ConnectivityProvider = StaticConnectivity.online,
        configuration: OutboxSyncConfiguration = OutboxSyncConfiguration(), clock: InventoryClock = .system,
        random: RandomSource = .system
    ) {
        self.adapter = adapter
        self.gate = gate
        self.hasRemote = hasRemote
        self.defaultScopes = defaultScopes
        self.connectivity = connectivity
        self.configuration = configuration
        self.clock = clock
        self.random = random
    }

    // MARK: - Observing

    /// A stream of every event emitted from now on.
    package func events() async -> AsyncStream<Event> {
        await hub.subscribe()
    }

    /// Emits an event (for the module's own events, such as a pending count after a command).
    package func emit(_ event: Event) async {
        await hub.emit(event)
    }

    /// The operations waiting to be pushed (not quarantined), in enqueue order, up to `limit`.
    ///
    /// - Throws: a storage error.
    package func waiting(limit: Int) async throws -> [OutboxEntry<Adapter.Payload>] {
        try await adapter.pendingEntries(limit: max(1, min(limit, RecordQuery.maximumLimit)))
    }

    /// The earliest time a waiting operation may be pushed (now, when one is due), or `nil` when nothing waits
    /// outside quarantine.
    ///
    /// - Throws: a storage error.
    package func nextRetryDate() async throws -> Date? {
        let entries = try await adapter.pendingEntries(limit: RecordQuery.maximumLimit)
        guard let earliest = entries.map({ $0.nextAttemptAt ?? .distantPast }).min() else { return nil }
        return max(earliest, clock.now())
    }

    // MARK: - Passes

    /// Pushes due operations (every waiting one, for an ``SyncTrigger/explicit`` pass), then (when every push call
    /// went through) pulls `scopes`; one pass at a time.
    ///
    /// - Parameters:
    ///   - scopes: the scopes to pull.
    ///   - scopingPushes: push only the operations of `scopes` (`OutboxSyncAdapter.dueEntries(at:limit:in:)`)
    ///     instead of every due one; for a caller that names the scopes it syncs, so that operations of other
    ///     scopes do not reach a remote that serves only these.
    ///   - trigger: who asked for the pass. ``SyncTrigger/automatic`` (the default) pushes the operations whose
    ///     retry is due; ``SyncTrigger/explicit`` pushes every operation that is not quarantined, each at most once
    ///     in the pass, whatever its backoff.
    /// - Throws: a local storage error (remote failures are recorded and reported, never thrown).
    @discardableResult
    package func sync(
        scopes: [Adapter.Scope], scopingPushes: Bool = false, trigger: SyncTrigger = .automatic
    ) async throws -> Report {
        let push = PushSelection(scopes: scopingPushes ? Set(scopes) : nil, trigger: trigger)
        return try await serialized { engine in try await engine.pass(scopes: scopes, push: push) }
    }

    /// Pulls `scopes` without pushing (a background refresh); one pass at a time.
    ///
    /// - Throws: a local storage error.
    @discardableResult
    package func pull(scopes: [Adapter.Scope]) async throws -> Report {
        try await serialized { engine in try await engine.pass(scopes: scopes, push: nil) }
    }

    /// Runs automatic passes (``sync(scopes:scopingPushes:trigger:)``) until nothing waits for a retry, sleeping with `sleep` until
    /// the next retry is due, so retries fire without a new local write. Returns when the outbox holds nothing but quarantined entries, or when the
    /// remote refused the device or is not the sync service (``SyncReport/wasHalted``: neither is retried in a loop).
    ///
    /// - Returns: the last pass's report.
    /// - Throws: a local storage error, or whatever `sleep` throws (for example `CancellationError`).
    @discardableResult
    package func runRetryLoop(
        scopes: @escaping @Sendable () async -> [Adapter.Scope], scopingPushes: Bool = false,
        sleep: @Sendable (TimeInterval) async throws -> Void
    ) async throws -> Report {
        while true {
            try Task.checkCancellation()
            let report = try await sync(scopes: await scopes(), scopingPushes: scopingPushes)
            if report.wasHalted { return report }
            guard let next = try await nextRetryDate() else { return report }
            let delay = max(0, next.timeIntervalSince(clock.now()))
            try await sleep(report.wasOnline ? delay : max(delay, configuration.retryPolicy.baseDelay))
        }
    }

    /// Starts a pass over ``defaultScopes`` in the background, unless one is queued already and has not started: that
    /// one pushes whatever is due when it starts, so a burst of writes shares one pass instead of queueing one each.
    package func schedulePass() {
        scheduleBackground(push: true)
    }

    /// Pulls ``defaultScopes`` in the background (a refresh after a read), unless a pull or a pass is queued already
    /// and has not started.
    package func scheduleRefresh() {
        scheduleBackground(push: false)
    }

    private func scheduleBackground(push: Bool) {
        guard hasRemote, !queued.pass, push || !queued.pull else { return }
        if push { queued.pass = true } else { queued.pull = true }
        runInBackground { engine in
            _ = try? await engine.serialized { engine in
                await engine.start(push: push)
                let selection = push ? PushSelection(scopes: nil, trigger: .automatic) : nil
                return try await engine.pass(scopes: await engine.defaultScopes(), push: selection)
            }
        }
    }

    /// Marks a queued background pass as started: writes from now on need a pass of their own.
    private func start(push: Bool) {
        if push { queued.pass = false } else { queued.pull = false }
    }

    /// Runs `work` in a background task that ``waitForBackgroundWork()`` waits for.
    package func runInBackground(_ work: @escaping @Sendable (OutboxSyncEngine) async -> Void) {
        let id = UUID()
        background[id] = Task { [weak self] in
            guard let self else { return }
            await work(self)
            await self.finishBackground(id)
        }
    }

    /// Waits until every background task started so far, and the running pass, have finished.
    package func waitForBackgroundWork() async {
        while let (_, task) = background.first {
            await task.value
        }
        await tail?.value
    }

    /// After a local commit: emits the pending count (when someone listens) and, under
    /// ``SyncWritePolicy/localThenRemoteImmediate``, schedules a pass.
    package func localWriteCommitted() async {
        if await hub.subscriberCount > 0, let count = try? await adapter.outboxCount() {
            await hub.emit(.pendingCount(count))
        }
        if configuration.writePolicy == .localThenRemoteImmediate { schedulePass() }
    }

    /// Runs `work` after every pass and quarantine change started before it: the engine's one-at-a-time order.
    func serialized<T: Sendable>(_ work: @escaping @Sendable (OutboxSyncEngine) async throws -> T) async throws -> T {
        let previous = tail
        let task = Task { [weak self] () async throws -> T in
            await previous?.value
            guard let self else { throw CancellationError() }
            return try await work(self)
        }
        tail = Task { _ = try? await task.value }
        return try await task.value
    }

    private func finishBackground(_ id: UUID) {
        background[id] = nil
    }

    // MARK: - One pass

    /// What a pass pushes: the operations of `scopes` (all of them for `nil`), due ones or every waiting one.
    struct PushSelection: Sendable {
        /// The scopes whose operations are pushed; `nil` for every operation.
        var scopes: Set<Adapter.Scope>?
        /// Whether due operations only (``SyncTrigger/automatic``) or every waiting one is pushed.
        var trigger: SyncTrigger
    }

    /// One pass: pushes what `push` selects (nothing for `nil`, a pull-only pass), then pulls `scopes`.
    private func pass(scopes: [Adapter.Scope], push: PushSelection?) async throws -> Report {
        var report = Report()
        guard hasRemote else {
            report.remaining = try await adapter.outboxCount()
            return report
        }
        guard await connectivity.isOnline else {
            report.wasOnline = false
            report.remaining = try await adapter.outboxCount()
            await hub.emit(.offline)
            return report
        }
        var acknowledged: [Adapter.EntityID: Adapter.Payload] = [:]
        if let push { try await pushRounds(report: &report, acknowledged: &acknowledged, selection: push) }
        if report.stoppedBy == nil {
            for scope in scopes {
                try await pull(scope, report: &report, acknowledged: acknowledged)
                if report.wasHalted { break }
            }
        }
        if case .unauthorized(let reason)? = report.stoppedBy { await hub.emit(.unauthorized(.unauthorized(reason))) }
        report.remaining = try await adapter.outboxCount()
        if push != nil { await hub.emit(.pendingCount(report.remaining)) }
        await hub.emit(.completed(report))
        return report
    }
}

/// How an `OutboxSyncEngine` retries, batches and schedules.
public struct OutboxSyncConfiguration: Sendable {
    /// Backoff and attempt cap of failed pushes.
    public var retryPolicy: RetryPolicy
    /// Batch and page sizes, and the caps of one pass.
    public var limits: OutboxSyncLimits
    /// When local changes are pushed.
    public var writePolicy: SyncWritePolicy

    /// Creates a configuration.
    public init(
        retryPolicy: RetryPolicy = .standard, limits: OutboxSyncLimits = OutboxSyncLimits(),
        writePolicy: SyncWritePolicy = .localThenRemoteImmediate
    ) {
        self.retryPolicy = retryPolicy
        self.limits = limits
        self.writePolicy = writePolicy
    }
}
