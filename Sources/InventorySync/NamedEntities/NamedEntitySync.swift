import Foundation
import InventoryKit

/// Offline-first sync of named entities — categories, manufacturers, storage locations, units, tags — between the
/// devices of a household.
///
/// ``repository(for:nearKeyMatcher:maximumAttempts:makeID:)`` hands out `NamedEntityRepository` values whose every write also records the entity's
/// new state in a durable outbox, in the same atomic commit. ``sync(trigger:)`` pushes those states and pulls everyone
/// else's through a ``NamedEntityRemoteGateway``, on the kit's `OutboxSyncEngine` (retries with backoff,
/// quarantine, per-operation results, a durable pull cursor committed with each page).
///
/// Convergence comes from the records themselves: under `SemanticUniquenessPolicy.unique` a key's record has the
/// key's deterministic id, so `"Produce"` created on one phone and `"PRODUCE "` on another are one record, and
/// versions of a record are joined with `NamedEntity.reconciled(with:)` (first spelling kept, the others as
/// aliases) wherever they meet — on the remote and when a device pulls. A record pushed while another live record
/// of another id holds its key on the remote (records created before keys existed, or under
/// `SemanticUniquenessPolicy.detectAndAsk`) is merged into that record, as a local duplicate would be.
///
/// ```swift
/// let sync = NamedEntitySync(storage: provider, remote: gateway)
/// let categories = sync.repository(for: .category)
/// let dairy = try await categories.getOrCreate("Dairy").entity   // committed locally, with an outbox entry
/// let report = try await sync.sync()                             // pushed, and the other devices' pulled
/// ```
public struct NamedEntitySync: Sendable {
    /// The engine the passes run on.
    let engine: OutboxSyncEngine<NamedEntitySyncAdapter>
    private let outbox: NamedEntityOutbox

    /// Creates the sync of the named entities stored in one scope of `storage`.
    ///
    /// - Parameters:
    ///   - storage: where the records (in `scope`) and the outbox and cursor (in the user metadata store) live.
    ///   - scope: the records' scope. Default: `StorageScope.domain`, like `NamedEntityRepository`.
    ///   - remote: the remote, or `nil` to record changes without pushing them yet.
    ///   - connectivity: whether the remote can be reached.
    ///   - configuration: retries, batch sizes and write policy. Default: push right after each local write.
    ///   - clock: the source of dates.
    ///   - random: the source of retry jitter.
    ///   - makeUUID: the source of operation ids.
    public init(
        storage: any StorageProvider, scope: StorageScope = .domain, remote: (any NamedEntityRemoteGateway)? = nil,
        connectivity: any ConnectivityProvider = StaticConnectivity.online,
        configuration: OutboxSyncConfiguration = OutboxSyncConfiguration(), clock: InventoryClock = .system,
        random: RandomSource = .system, makeUUID: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        let link = EngineLink()
        let outbox = NamedEntityOutbox(
            storage: storage, scope: scope, clock: clock, makeOperationID: makeUUID,
            committed: { await link.engine?.localWriteCommitted() })
        let engine = OutboxSyncEngine(
            adapter: NamedEntitySyncAdapter(outbox: outbox, remote: remote), gate: SerialGate(), hasRemote: remote != nil,
            defaultScopes: { [.all] }, connectivity: connectivity, configuration: configuration, clock: clock,
            random: random)
        link.engine = engine
        self.engine = engine
        self.outbox = outbox
    }

    /// A repository of one kind whose writes are synced.
    ///
    /// - Parameters:
    ///   - kind: the kind, with its uniqueness policy.
    ///   - nearKeyMatcher: what counts as a near key under `SemanticUniquenessPolicy.detectAndAsk`.
    ///   - maximumAttempts: retries of a write that lost a race.
    ///   - makeID: the source of random ids for non-unique kinds.
    public func repository(
        for kind: NamedEntityKind, nearKeyMatcher: SemanticNearKeyMatcher = SemanticNearKeyMatcher(),
        maximumAttempts: Int = 32, makeID: @escaping @Sendable () -> UUID = { UUID() }
    ) -> NamedEntityRepository {
        NamedEntityRepository(
            storage: outbox.storage, scope: outbox.scope, kind: kind, clock: outbox.clock, nearKeyMatcher: nearKeyMatcher,
            maximumAttempts: maximumAttempts, makeID: makeID, committer: outbox)
    }

    /// Pushes waiting changes, then pulls the remote's; one pass at a time.
    ///
    /// - Parameter trigger: who asked. ``SyncTrigger/automatic`` (the default) pushes the changes whose retry is
    ///   due; ``SyncTrigger/explicit`` (a person's "Sync now") pushes every change that is not quarantined, now.
    /// - Throws: a local storage error (remote failures are recorded in the report, never thrown).
    @discardableResult
    public func sync(trigger: SyncTrigger = .automatic) async throws -> NamedEntitySyncReport {
        try await engine.sync(scopes: [.all], trigger: trigger)
    }

    /// The number of changes waiting in the outbox, quarantined ones included.
    ///
    /// - Throws: a storage error.
    public func pendingCount() async throws -> Int {
        try await outbox.count()
    }

    /// The changes waiting to be pushed (not quarantined), oldest first, up to `limit`.
    ///
    /// - Throws: a storage error.
    public func waiting(limit: Int = 100) async throws -> [NamedEntityOutboxEntry] {
        try await engine.waiting(limit: limit)
    }

    /// The changes the engine stopped retrying, with their errors.
    ///
    /// - Throws: a storage error.
    public func quarantined() async throws -> [QuarantinedOperation<NamedEntityChange>] {
        try await engine.quarantined()
    }

    /// Puts quarantined changes back in line (all of them for `nil`), attempts reset; they are pushed by the next
    /// pass.
    ///
    /// - Throws: a storage error.
    @discardableResult
    public func requeue(_ operationIDs: Set<UUID>? = nil) async throws -> [SyncOperationReference<UUID>] {
        try await engine.requeue(operationIDs)
    }

    /// Drops quarantined changes for good; the local records keep their state.
    ///
    /// - Throws: a storage error.
    @discardableResult
    public func discard(_ operationIDs: Set<UUID>, reason: String) async throws -> [SyncOperationReference<UUID>] {
        try await engine.discard(operationIDs, reason: reason)
    }

    /// Waits for the passes the write policy started in the background.
    public func waitForBackgroundWork() async {
        await engine.waitForBackgroundWork()
    }

    /// A stream of the engine's events from now on.
    public func events() async -> AsyncStream<NamedEntitySyncEvent> {
        await engine.events()
    }
}

/// The engine, set once after it was created, for the outbox's after-commit call.
private final class EngineLink: @unchecked Sendable {
    // @unchecked: `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: OutboxSyncEngine<NamedEntitySyncAdapter>?

    var engine: OutboxSyncEngine<NamedEntitySyncAdapter>? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
