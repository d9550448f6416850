import Foundation
import InventoryKit
import InventorySync

/// The product catalog, offline first: every command commits locally (the change and its outbox entry in one
/// atomic step) and returns; changes reach the remote in the background or on ``syncPending(trigger:)``, with retries,
/// conflict policies and a sync state per product.
///
/// Commands are linearizable: overlapping calls (two taps, a UI task and a background task) behave as if run one
/// at a time, in the order they arrived — each runs its checks and its commit inside the service's `SerialGate`,
/// and each local step of a sync pass does too.
///
/// ```swift
/// let products = ProductModuleService(storage: provider, remote: gateway, replicaID: deviceID)
/// let milk = try Product.new(barcode: "4006381333931", title: "Milk", id: UUID(), now: .now)
/// try await products.addProducts([milk])
/// let found = try await products.retrieveProduct(by: .barcode("400 6381 33393 1"))
/// for await event in await products.events() { … }
/// ```
public actor ProductModuleService {
    /// Whether the remote can be reached.
    public nonisolated let connectivity: any ConnectivityProvider
    /// Read, write, conflict and retry policies.
    public nonisolated let strategy: ProductSyncStrategy
    /// The source of timestamps.
    public nonisolated let clock: InventoryClock
    /// This replica's identity, the final tiebreak of last-write-wins.
    public nonisolated let replicaID: ReplicaID
    /// The conflicts this replica decided, field by field: what was kept and what was set aside, and who wrote
    /// each (an `InventorySync` `SyncConflictLog`).
    public nonisolated let conflictLog: SyncConflictLog

    /// The local ports (for the package's tests; apps go through the commands, which keep the outbox).
    package nonisolated let store: any ProductStore
    /// The remote, or `nil` for a local-only catalog.
    package nonisolated let remote: (any ProductRemoteGateway)?
    private nonisolated let planner: ProductCommandPlanner
    private nonisolated let engine: OutboxSyncEngine<ProductSyncAdapter>
    private nonisolated let gate = SerialGate()

    /// Creates the service on native ports (for example a SQLite adapter implementing both local ports).
    ///
    /// Decided conflicts are kept in `conflictLog`: by default in memory; pass one on the app's user metadata store
    /// to keep them across launches.
    public init(
        store: some ProductStore, remote: (any ProductRemoteGateway)? = nil,
        connectivity: any ConnectivityProvider = StaticConnectivity.online, strategy: ProductSyncStrategy = .standard,
        replicaID: ReplicaID, clock: InventoryClock = .system, random: RandomSource = .system,
        makeUUID: @escaping @Sendable () -> UUID = { UUID() }, conflictLog: SyncConflictLog = SyncConflictLog()
    ) {
        self.store = store
        self.conflictLog = conflictLog
        self.remote = remote
        self.connectivity = connectivity
        self.strategy = strategy
        self.replicaID = replicaID
        self.clock = clock
        let queue = ProductChangeQueue(sequencer: OutboxSequencer { try await store.lastSequence() }, makeUUID: makeUUID)
        planner = ProductCommandPlanner(store: store, replicaID: replicaID, queue: queue)
        let resolver = ProductConflictResolver(policy: strategy.conflictPolicy, replicaID: replicaID, queue: queue)
        engine = OutboxSyncEngine(
            adapter: ProductSyncAdapter(
                store: store, remote: remote, resolver: resolver, clock: clock, conflictLog: conflictLog), gate: gate,
            hasRemote: remote != nil, defaultScopes: { [.catalog] }, connectivity: connectivity,
            configuration: OutboxSyncConfiguration(
                retryPolicy: strategy.retryPolicy,
                limits: OutboxSyncLimits(
                    pushBatchSize: strategy.pushBatchSize, pushCommitSize: strategy.pushCommitSize,
                    pullPageSize: strategy.pullBatchSize, pullCommitSize: strategy.pullCommitSize),
                writePolicy: strategy.writePolicy),
            clock: clock, random: random)
    }

    /// Creates the service on any `StorageProvider` (through ``StorageProductStore``); decided conflicts are kept
    /// in the provider's user metadata store.
    public init(
        storage: any StorageProvider, remote: (any ProductRemoteGateway)? = nil,
        connectivity: any ConnectivityProvider = StaticConnectivity.online, strategy: ProductSyncStrategy = .standard,
        replicaID: ReplicaID, clock: InventoryClock = .system, random: RandomSource = .system,
        makeUUID: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.init(
            store: StorageProductStore(storage: storage), remote: remote, connectivity: connectivity,
            strategy: strategy, replicaID: replicaID, clock: clock, random: random, makeUUID: makeUUID,
            conflictLog: SyncConflictLog(store: storage.userMetadata))
    }

    // MARK: - Queries

    /// The product for a lookup: local first, then the remote on a miss (per the read policy).
    ///
    /// An old id of a migrated product resolves to the canonical product. A remote failure on a local miss
    /// returns `nil` (offline first) rather than throwing.
    ///
    /// - Throws: ``ProductModuleError/invalidBarcode(_:_:)`` for a barcode that does not normalize, or a
    ///   storage error.
    public func retrieveProduct(by lookup: ProductLookup) async throws -> Product? {
        let id = try Self.productID(for: lookup)
        if let found = try await resolveLocally(id) {
            await scheduleRefresh(of: found.productID)
            return found
        }
        if try await store.tombstone(id) != nil { return nil }
        guard strategy.readPolicy != .localOnly, let remote, await connectivity.isOnline else { return nil }
        var next: ProductID? = id
        for _ in 0..<Self.maximumAliasHops {
            guard let current = next else { return nil }
            guard let record = try? await remote.fetch(current) else { return nil }
            try await adoptIfNotPending(record)
            if let product = record.product { return product }
            next = record.migratedTo
        }
        return nil
    }

    /// The products with these ids, read in bulk (one store read for the batch, not one per id), keyed by the id
    /// asked for; ids the catalog does not hold are absent. An old id of a migrated product resolves to the
    /// canonical product. Ids missing locally are looked up like ``retrieveProduct(by:)`` does (the remote per
    /// the read policy), one at a time; a local-only catalog never asks.
    ///
    /// - Throws: a storage error, or a corrupt-record error when a stored product does not decode (read the ids
    ///   one at a time with ``retrieveProduct(by:)`` to find which).
    public func retrieveProducts(ids: [ProductID]) async throws -> [ProductID: Product] {
        var found = try await store.products(ids)
        let missing = ids.filter { found[$0] == nil }
        if !missing.isEmpty {
            let tombstones = try await store.tombstones(missing)
            let asksRemote = strategy.readPolicy != .localOnly && remote != nil
            for id in missing where found[id] == nil && (asksRemote || tombstones[id]?.migratedTo != nil) {
                if let product = try await retrieveProduct(by: .productID(id)) { found[id] = product }
            }
        }
        if remote != nil, strategy.readPolicy != .localOnly {
            for product in Set(found.values.map(\.productID)) { await scheduleRefresh(of: product) }
        }
        return found
    }

    /// The products whose current version was written from a provider record with one of these source
    /// fingerprints (see ``Product/sourceFingerprint``), keyed by fingerprint, in one store read. A store without
    /// an index on fingerprints finds none.
    ///
    /// - Throws: a storage error.
    public func productIDs(withSourceFingerprints fingerprints: [String]) async throws -> [String: ProductID] {
        guard !fingerprints.isEmpty else { return [:] }
        return try await store.productIDs(withSourceFingerprints: fingerprints)
    }

    /// One page of local products; refreshes from the remote change feed in the background per the read policy.
    /// A stored product the store cannot read does not fail the page: it is named in ``ProductPage/damaged``.
    ///
    /// - Throws: ``ProductQueryError`` for an invalid query, or a storage error.
    public func retrieveProducts(query: ProductQuery) async throws -> ProductPage {
        let page = try await store.query(query)
        if strategy.readPolicy != .localOnly, remote != nil {
            await engine.scheduleRefresh()
        }
        return page
    }

    /// The sync state of a product, or `nil` when the product is unknown.
    ///
    /// - Throws: a storage error.
    public func syncStatus(of id: ProductID) async throws -> SyncStatus? {
        try await store.syncRecord(id)?.status
    }

    /// How many local changes wait to reach the remote (quarantined ones included).
    ///
    /// - Throws: a storage error.
    public func pendingCount() async throws -> Int {
        try await store.outboxCount()
    }

    /// The changes waiting to be pushed (quarantined ones are listed by ``quarantinedChanges()``), oldest first, up
    /// to `limit`: each with its operation id, attempts and last error.
    ///
    /// - Throws: a storage error.
    public func waitingChanges(limit: Int = 100) async throws -> [ProductOutboxEntry] {
        try await engine.waiting(limit: limit)
    }

    /// The changes quarantined after a permanent error or too many attempts, oldest first, with their age and
    /// error. They stay until ``requeueQuarantined(_:)`` or ``discardQuarantined(_:reason:)``.
    ///
    /// - Throws: a storage error.
    public func quarantinedChanges() async throws -> [QuarantinedOperation<ProductChange>] {
        try await engine.quarantined()
    }

    /// The earliest time a waiting change may be retried, or `nil` when nothing waits.
    ///
    /// - Throws: a storage error.
    public func nextRetryDate() async throws -> Date? {
        try await engine.nextRetryDate()
    }

    /// A stream of sync events (pending count, pushes, failures, conflicts, pulls) from now on.
    public nonisolated func events() async -> AsyncStream<ProductSyncEvent> {
        await engine.events()
    }

    // MARK: - Commands

    /// Adds new products: validated, stamped (version 1, or above a tombstone of the same id) and committed
    /// locally with their outbox entries in one step.
    ///
    /// - Throws: ``ProductModuleError`` (invalid product, already exists, duplicate in batch) before anything is
    ///   written, or a storage error (nothing written).
    @discardableResult
    public func addProducts(_ products: [Product]) async throws -> AddProductsResult {
        try await add(products, validated: false)
    }

    /// ``addProducts(_:)`` of products the caller has just checked with `Product.validateAsNewInput()` (the import
    /// checks them on every core while it prepares a batch): the command checks only the fields it stamps (version
    /// and dates), instead of checking every field again inside the gate, where no other command can run.
    @discardableResult
    package func addProducts(validated products: [Product]) async throws -> AddProductsResult {
        try await add(products, validated: true)
    }

    private func add(_ products: [Product], validated: Bool) async throws -> AddProductsResult {
        try ProductCommandPlanner.rejectDuplicates(products.map(\.productID))
        let added = try await gate.run {
            let now = clock.now()
            // New products are the common case: commit them on the condition that the store does not know them,
            // without reading first. Only when the condition fails are the local states read and the command built
            // again from them (a re-creation after a delete, or an id that exists).
            var (transaction, added) = try await planner.additions(products, states: [:], now: now, validated: validated)
            transaction.requiredUnknown = products.map(\.productID)
            do {
                try await store.commit(transaction)
            } catch StorageError.preconditionFailed {
                let states = try await store.localStates(products.map(\.productID))
                (transaction, added) = try await planner.additions(products, states: states, now: now, validated: validated)
                try await store.commit(transaction)
            }
            return added
        }
        await afterLocalWrite()
        return AddProductsResult(added: added)
    }

    /// Updates existing products: each must be submitted from the stored version; unchanged ones are skipped;
    /// a barcode added to a barcode-less product migrates it to its canonical id and keeps the old id as an alias.
    ///
    /// Of overlapping updates submitted from the same version, exactly one succeeds; the others get
    /// ``ProductModuleError/staleVersion(_:stored:submitted:)``.
    ///
    /// - Throws: ``ProductModuleError`` (not found, stale version, invalid product, barcode conflicts) before
    ///   anything is written, or a storage error (nothing written).
    @discardableResult
    public func updateProducts(_ products: [Product]) async throws -> UpdateProductsResult {
        try ProductCommandPlanner.rejectDuplicates(products.map(\.productID))
        let (wrote, result) = try await gate.run {
            let (transaction, result) = try await planner.updates(products, now: clock.now())
            try await store.commit(transaction)
            return (!transaction.isEmpty, result)
        }
        if wrote { await afterLocalWrite() }
        return result
    }

    /// Deletes products: each becomes a tombstone that syncs, so the deletion reaches every replica and a later
    /// re-creation of the id wins over it.
    ///
    /// - Throws: ``ProductModuleError/notFound(_:)`` or ``ProductModuleError/duplicateInBatch(_:)`` before
    ///   anything is written, or a storage error (nothing written).
    @discardableResult
    public func deleteProducts(_ ids: [ProductID]) async throws -> DeleteProductsResult {
        try ProductCommandPlanner.rejectDuplicates(ids)
        try await gate.run {
            try await store.commit(try await planner.deletions(ids, now: clock.now()))
        }
        await afterLocalWrite()
        return DeleteProductsResult(deleted: ids)
    }

    /// Gives quarantined changes a fresh set of attempts (after the cause was fixed): all of them, or those
    /// with the given operation ids.
    ///
    /// - Returns: how many changes were requeued.
    /// - Throws: a storage error.
    @discardableResult
    public func requeueQuarantined(_ operationIDs: Set<UUID>? = nil) async throws -> Int {
        try await engine.requeue(operationIDs).count
    }

    /// Discards quarantined changes for good, for a reason: they are never pushed, the event stream reports them,
    /// and each product keeps its local state marked failed with the reason until a newer local or remote change
    /// replaces it. Changes that are not quarantined are left alone.
    ///
    /// - Returns: how many changes were discarded.
    /// - Throws: a storage error.
    @discardableResult
    public func discardQuarantined(_ operationIDs: Set<UUID>, reason: String) async throws -> Int {
        try await engine.discard(operationIDs, reason: reason).count
    }

    // MARK: - Sync

    /// Pushes due local changes (every waiting one, for an explicit sync), then pulls remote changes; one pass at a
    /// time.
    ///
    /// Remote failures do not throw: they are recorded per change (retry with backoff, or quarantine) and
    /// reported in the result (`SyncReport.pullFailures`, `SyncReport.stoppedBy`) and the event stream.
    ///
    /// ```swift
    /// try await catalog.syncPending()                     // a timer or a background task: due changes only
    /// try await catalog.syncPending(trigger: .explicit)   // the user tapped "Sync now": every waiting change
    /// ```
    ///
    /// - Parameter trigger: who asked. `SyncTrigger.automatic` (the default) pushes the changes whose retry is due,
    ///   so failed pushes wait out their backoff; `SyncTrigger.explicit` pushes every change that is not quarantined,
    ///   now.
    /// - Throws: a local storage error.
    @discardableResult
    public func syncPending(trigger: SyncTrigger = .automatic) async throws -> ProductSyncReport {
        try await engine.sync(scopes: [.catalog], trigger: trigger)
    }

    /// Runs sync passes until nothing waits for a retry, sleeping (with the injected `sleep`) until the next
    /// retry is due: retries fire without a new local write. Ends early when the remote refuses the device.
    ///
    /// - Returns: the last pass's report.
    /// - Throws: a local storage error, or whatever `sleep` throws (for example `CancellationError`).
    @discardableResult
    public func runRetryLoop(sleep: @Sendable (TimeInterval) async throws -> Void) async throws -> ProductSyncReport {
        try await engine.runRetryLoop(scopes: { [.catalog] }, sleep: sleep)
    }

    /// Waits until every background push and refresh started so far has finished.
    public func waitForBackgroundWork() async {
        await engine.waitForBackgroundWork()
    }

    // MARK: - Internals

    /// How many migration aliases a lookup follows.
    private static let maximumAliasHops = 8

    private func afterLocalWrite() async {
        await engine.localWriteCommitted()
    }

    private func adoptIfNotPending(_ record: RemoteProductRecord) async throws {
        try await gate.run {
            let known = try await store.syncRecord(record.productID)
            if try await engine.adapter.pendingOperation(of: record.productID, record: known) != nil { return }
            if let known, known.stamp >= record.stamp { return }
            var transaction = ProductLocalTransaction()
            transaction.adopt(record, now: clock.now())
            try await store.commit(transaction)
        }
    }

    private func scheduleRefresh(of id: ProductID) async {
        guard let remote else { return }
        let policy = strategy.readPolicy
        if policy == .localOnly { return }
        await engine.runInBackground { [weak self] _ in
            guard let self, await self.connectivity.isOnline else { return }
            if case .localThenRemoteIfStale(let staleAfter) = policy {
                guard let record = try? await self.store.syncRecord(id), record.status == .synced else { return }
                if let last = record.lastSyncedAt, self.clock.now().timeIntervalSince(last) < staleAfter { return }
            }
            guard let fetched = try? await remote.fetch(id) else { return }
            try? await self.adoptIfNotPending(fetched)
        }
    }

    private func resolveLocally(_ id: ProductID) async throws -> Product? {
        var next: ProductID? = id
        for _ in 0..<Self.maximumAliasHops {
            guard let current = next else { return nil }
            if let product = try await store.product(current) { return product }
            next = try await store.tombstone(current)?.migratedTo
        }
        return nil
    }

    private static func productID(for lookup: ProductLookup) throws -> ProductID {
        switch lookup {
        case .productID(let id):
            return id
        case .barcode(let raw, let format):
            do {
                return ProductID.barcode(try GTIN(raw, format: format))
            } catch {
                throw ProductModuleError.invalidBarcode(raw, error)
            }
        }
    }
}
