import Foundation
import InventoryKit
import InventorySync

/// The product catalog, offline first: every command commits locally (the change and its outbox entry in one
/// atomic step) and returns; changes reach the remote in the background or on ``syncPending()``, with retries,
/// conflict policies and a sync state per product.
///
/// ```swift
/// let products = ProductModuleService(storage: provider, remote: gateway, replicaID: deviceID)
/// let milk = try Product.new(barcode: "4006381333931", title: "Milk", id: UUID(), now: .now)
/// try await products.addProducts([milk])
/// let found = try await products.retrieveProduct(by: .barcode("400 6381 33393 1"))
/// for await event in products.events() { … }
/// ```
public actor ProductModuleService {
    /// The local products and the atomic commit.
    public nonisolated let local: any ProductLocalStore
    /// The local sync metadata.
    public nonisolated let syncState: any ProductSyncStateStore
    /// The remote, or `nil` for a local-only catalog.
    public nonisolated let remote: (any ProductRemoteGateway)?
    /// Whether the remote can be reached.
    public nonisolated let connectivity: any ConnectivityProvider
    /// Read, write, conflict and retry policies.
    public nonisolated let strategy: ProductSyncStrategy
    /// The source of timestamps.
    public nonisolated let clock: InventoryClock
    /// The source of retry jitter.
    public nonisolated let random: RandomSource
    /// This replica's identity, the final tiebreak of last-write-wins.
    public nonisolated let replicaID: ReplicaID

    private let store: any ProductStore
    private let makeUUID: @Sendable () -> UUID
    private let hub = SyncEventHub()
    private var lastSequence: Int64?
    private var background: [UUID: Task<Void, Never>] = [:]
    private var currentSync: Task<ProductSyncReport, any Error>?

    /// Creates the service on native ports (for example a SQLite adapter implementing both local ports).
    public init(
        store: some ProductStore, remote: (any ProductRemoteGateway)? = nil,
        connectivity: any ConnectivityProvider = StaticConnectivity.online, strategy: ProductSyncStrategy = .standard,
        replicaID: ReplicaID, clock: InventoryClock = .system, random: RandomSource = .system,
        makeUUID: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.store = store
        local = store
        syncState = store
        self.remote = remote
        self.connectivity = connectivity
        self.strategy = strategy
        self.replicaID = replicaID
        self.clock = clock
        self.random = random
        self.makeUUID = makeUUID
    }

    /// Creates the service on any `StorageProvider` (through ``StorageProductStore``).
    public init(
        storage: any StorageProvider, remote: (any ProductRemoteGateway)? = nil,
        connectivity: any ConnectivityProvider = StaticConnectivity.online, strategy: ProductSyncStrategy = .standard,
        replicaID: ReplicaID, clock: InventoryClock = .system, random: RandomSource = .system,
        makeUUID: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.init(
            store: StorageProductStore(storage: storage), remote: remote, connectivity: connectivity,
            strategy: strategy, replicaID: replicaID, clock: clock, random: random, makeUUID: makeUUID)
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
            scheduleRefresh(of: found.productId)
            return found
        }
        if try await local.tombstone(id) != nil { return nil }
        guard strategy.readPolicy != .localOnly, let remote, await connectivity.isOnline else { return nil }
        var next: ProductID? = id
        for _ in 0..<8 {
            guard let current = next else { return nil }
            let record: RemoteProductRecord?
            do {
                record = try await remote.fetch(current)
            } catch {
                return nil
            }
            guard let record else { return nil }
            try await adoptIfNotPending(record)
            if let product = record.product { return product }
            next = record.migratedTo
        }
        return nil
    }

    /// One page of local products; refreshes from the remote change feed in the background per the read policy.
    ///
    /// - Throws: ``ProductQueryError`` for an invalid query, or a storage error.
    public func retrieveProducts(query: ProductQuery) async throws -> ProductPage {
        let page = try await local.query(query)
        if strategy.readPolicy != .localOnly, remote != nil {
            schedule { service in _ = try? await service.pullOnly() }
        }
        return page
    }

    /// The sync state of a product, or `nil` when the product is unknown.
    ///
    /// - Throws: a storage error.
    public func syncStatus(of id: ProductID) async throws -> SyncStatus? {
        try await syncState.syncRecord(id)?.status
    }

    /// How many local changes wait to reach the remote (quarantined ones included).
    ///
    /// - Throws: a storage error.
    public func pendingCount() async throws -> Int {
        try await syncState.outboxCount()
    }

    /// The changes quarantined after a permanent error or too many attempts.
    ///
    /// - Throws: a storage error.
    public func quarantinedChanges() async throws -> [ProductOutboxEntry] {
        try await syncState.quarantinedEntries()
    }

    /// The earliest time a waiting change may be retried, or `nil` when nothing waits.
    ///
    /// - Throws: a storage error.
    public func nextRetryDate() async throws -> Date? {
        let entries = try await syncState.pendingEntries(limit: RecordQuery.maximumLimit)
        guard !entries.isEmpty else { return nil }
        return entries.map { $0.nextAttemptAt ?? .distantPast }.min().map { max($0, clock.now()) }
    }

    /// A stream of sync events (pending count, pushes, failures, conflicts, pulls) from now on.
    public nonisolated func events() async -> AsyncStream<SyncEvent> {
        await hub.subscribe()
    }

    // MARK: - Commands

    /// Adds new products: validated, stamped (version 1, or above a tombstone of the same id) and committed
    /// locally with their outbox entries in one step.
    ///
    /// - Throws: ``ProductModuleError`` (invalid product, already exists, duplicate in batch) before anything is
    ///   written, or a storage error (nothing written).
    @discardableResult
    public func addProducts(_ products: [Product]) async throws -> AddProductsResult {
        try Self.rejectDuplicates(products.map(\.productId))
        let now = clock.now()
        // New products are the common case: commit them on the condition that the store does not know them,
        // without reading first. Only when the condition fails are the local states read and the command built
        // again from them (a re-creation after a delete, or an id that exists).
        var (transaction, added) = try await additions(products, states: [:], now: now)
        transaction.requiredUnknown = products.map(\.productId)
        do {
            try await local.commit(transaction)
        } catch StorageError.preconditionFailed {
            let states = try await store.localStates(products.map(\.productId))
            (transaction, added) = try await additions(products, states: states, now: now)
            try await local.commit(transaction)
        }
        await afterLocalWrite()
        return AddProductsResult(added: added)
    }

    /// The transaction adding `products` over their local states (a missing state is an unknown product).
    private func additions(
        _ products: [Product], states: [ProductID: ProductLocalState], now: Date
    ) async throws -> (ProductLocalTransaction, [Product]) {
        var transaction = ProductLocalTransaction()
        var added: [Product] = []
        for product in products {
            try Self.validate(product)
            let state = states[product.productId] ?? ProductLocalState()
            if state.product != nil { throw ProductModuleError.alreadyExists(product.productId) }
            let tombstone = state.tombstone
            let previous = state.syncRecord
            let stamp = tombstone.map { ($0.stamp).successor(now: now, replica: replicaID) }
                ?? SyncStamp(updatedAt: max(now, product.createdAt), version: 1, replicaID: replicaID)
            var stored = product
            stored.version = stamp.version
            stored.updatedAt = stamp.updatedAt
            stored.createdAt = min(product.createdAt, stamp.updatedAt)
            try Self.validate(stored)
            if tombstone != nil { transaction.removedTombstones.append(product.productId) }
            try await enqueue(
                ProductChange(productId: stored.productId, product: stored, stamp: stamp, baseStamp: previous?.baseStamp),
                previous: previous, pending: state.pendingEntry, into: &transaction, now: now)
            added.append(stored)
        }
        return (transaction, added)
    }

    /// Updates existing products: each must be submitted from the stored version; unchanged ones are skipped;
    /// a barcode added to a barcode-less product migrates it to its canonical id and keeps the old id as an alias.
    ///
    /// - Throws: ``ProductModuleError`` (not found, stale version, invalid product, barcode conflicts) before
    ///   anything is written, or a storage error (nothing written).
    @discardableResult
    public func updateProducts(_ products: [Product]) async throws -> UpdateProductsResult {
        try Self.rejectDuplicates(products.map(\.productId))
        let now = clock.now()
        var transaction = ProductLocalTransaction()
        var result = UpdateProductsResult(updated: [], unchanged: [], migrated: [])
        var claimedBarcodes: Set<ProductID> = []
        let states = try await store.localStates(products.map(\.productId))
        for submitted in products {
            let id = submitted.productId
            let state = states[id] ?? ProductLocalState()
            guard let current = state.product else { throw ProductModuleError.notFound(id) }
            guard submitted.version == current.version else {
                throw ProductModuleError.staleVersion(id, stored: current.version, submitted: submitted.version)
            }
            let previous = state.syncRecord
            let currentStamp = previous?.stamp ?? stamp(of: current)
            if let existing = current.barcode {
                guard submitted.barcode?.value == existing.value else { throw ProductModuleError.barcodeChangeNotAllowed(id) }
            } else if let barcode = submitted.barcode, barcode.value != id.rawValue {
                let alias = try await migrate(
                    submitted, to: barcode, current: current, currentStamp: currentStamp, state: state,
                    claimed: &claimedBarcodes, into: &transaction, now: now)
                result.migrated.append(alias.alias)
                result.updated.append(alias.product)
                continue
            }
            var candidate = submitted
            candidate.createdAt = current.createdAt
            candidate.updatedAt = current.updatedAt
            if candidate == current {
                result.unchanged.append(id)
                continue
            }
            let stamp = currentStamp.successor(now: now, replica: replicaID)
            candidate.version = stamp.version
            candidate.updatedAt = stamp.updatedAt
            try Self.validate(candidate)
            do {
                try candidate.validateTransition(from: current)
            } catch {
                throw ProductModuleError.invalidProduct(id, error)
            }
            try await enqueue(
                ProductChange(productId: id, product: candidate, stamp: stamp, baseStamp: previous?.baseStamp),
                previous: previous, pending: state.pendingEntry, into: &transaction, now: now)
            result.updated.append(candidate)
        }
        try await local.commit(transaction)
        if !transaction.isEmpty { await afterLocalWrite() }
        return result
    }

    /// Deletes products: each becomes a tombstone that syncs, so the deletion reaches every replica and a later
    /// re-creation of the id wins over it.
    ///
    /// - Throws: ``ProductModuleError/notFound(_:)`` or ``ProductModuleError/duplicateInBatch(_:)`` before
    ///   anything is written, or a storage error (nothing written).
    @discardableResult
    public func deleteProducts(_ ids: [ProductID]) async throws -> DeleteProductsResult {
        try Self.rejectDuplicates(ids)
        let now = clock.now()
        var transaction = ProductLocalTransaction()
        let states = try await store.localStates(ids)
        for id in ids {
            let state = states[id] ?? ProductLocalState()
            guard let current = state.product else { throw ProductModuleError.notFound(id) }
            let previous = state.syncRecord
            let stamp = (previous?.stamp ?? stamp(of: current)).successor(now: now, replica: replicaID)
            transaction.removedProducts.append(id)
            transaction.tombstones.append(ProductTombstone(productId: id, stamp: stamp))
            try await enqueue(
                ProductChange(productId: id, product: nil, stamp: stamp, baseStamp: previous?.baseStamp),
                previous: previous, pending: state.pendingEntry, into: &transaction, now: now)
        }
        try await local.commit(transaction)
        await afterLocalWrite()
        return DeleteProductsResult(deleted: ids)
    }

    /// Gives quarantined changes a fresh set of attempts (after the cause was fixed).
    ///
    /// - Returns: how many changes were requeued.
    /// - Throws: a storage error.
    @discardableResult
    public func requeueQuarantined() async throws -> Int {
        var transaction = ProductLocalTransaction()
        for var entry in try await syncState.quarantinedEntries() {
            entry.isQuarantined = false
            entry.attempts = 0
            entry.nextAttemptAt = nil
            transaction.outboxEntries.append(entry)
        }
        try await local.commit(transaction)
        return transaction.outboxEntries.count
    }

    // MARK: - Sync

    /// Pushes due local changes, then pulls remote changes; one pass at a time.
    ///
    /// Remote failures do not throw: they are recorded per change (retry with backoff, or quarantine) and
    /// reported in the result and the event stream.
    ///
    /// - Throws: a local storage error.
    @discardableResult
    public func syncPending() async throws -> ProductSyncReport {
        let previous = currentSync
        let task = Task { [weak self] () async throws -> ProductSyncReport in
            _ = try? await previous?.value
            guard let self else { return ProductSyncReport() }
            return try await self.performSync()
        }
        currentSync = task
        return try await task.value
    }

    /// Runs sync passes until nothing waits for a retry, sleeping (with the injected `sleep`) until the next
    /// retry is due: retries fire without a new local write.
    ///
    /// - Throws: a local storage error, or whatever `sleep` throws (for example `CancellationError`).
    public func runRetryLoop(sleep: @Sendable (TimeInterval) async throws -> Void) async throws {
        while !Task.isCancelled {
            let report = try await syncPending()
            guard let next = try await nextRetryDate() else { return }
            let delay = max(0, next.timeIntervalSince(clock.now()))
            try await sleep(report.wasOnline ? delay : max(delay, strategy.retryPolicy.baseDelay))
        }
    }

    /// Waits until every background push and refresh started so far has finished.
    public func waitForBackgroundWork() async {
        while let (_, task) = background.first {
            await task.value
        }
        _ = try? await currentSync?.value
    }

    // MARK: - Sync internals

    private func performSync() async throws -> ProductSyncReport {
        var report = ProductSyncReport()
        guard let remote else {
            report.remaining = try await syncState.outboxCount()
            return report
        }
        guard await connectivity.isOnline else {
            report.wasOnline = false
            report.remaining = try await syncState.outboxCount()
            await hub.emit(.offline)
            return report
        }
        var acknowledged: [ProductID: SyncStamp] = [:]
        let pushedCleanly = try await push(to: remote, report: &report, acknowledged: &acknowledged)
        if pushedCleanly { try await pull(from: remote, report: &report, skipping: acknowledged) }
        report.remaining = try await syncState.outboxCount()
        await hub.emit(.pendingCount(report.remaining))
        await hub.emit(.completed(pushed: report.pushed, pulled: report.pulled, failed: report.failed))
        return report
    }

    private func pullOnly() async throws {
        guard let remote, await connectivity.isOnline else { return }
        var report = ProductSyncReport()
        try await pull(from: remote, report: &report)
    }

    /// Pushes due entries in rounds; returns false when a call failed (the pass stops there).
    ///
    /// `acknowledged` collects the stamp of every change the remote applied: the pull that follows need not
    /// look at those states again.
    private func push(
        to remote: any ProductRemoteGateway, report: inout ProductSyncReport, acknowledged: inout [ProductID: SyncStamp]
    ) async throws -> Bool {
        for _ in 0..<1_000 {
            let due = try await syncState.dueEntries(at: clock.now(), limit: strategy.pushBatchSize)
            guard !due.isEmpty else { return true }
            let requests = due.map {
                ProductPushRequest(
                    operationID: $0.operationID, supersededOperationIDs: $0.supersededOperationIDs, change: $0.payload)
            }
            let results: [ProductPushResult]
            do {
                results = try await remote.push(requests)
            } catch {
                try await recordFailure(of: due, error: RemoteSyncError.classify(error), report: &report)
                return false
            }
            let outcomes = Dictionary(results.map { ($0.operationID, $0.outcome) }, uniquingKeysWith: { first, _ in first })
            let records = try await syncState.syncRecords(due.map(\.payload.productId))
            let now = clock.now()
            var transaction = ProductLocalTransaction()
            var pushedIDs: [String] = []
            var unanswered: [ProductOutboxEntry] = []
            var rejected: [(ProductOutboxEntry, String)] = []
            for entry in due {
                let record = records[entry.payload.productId]
                switch outcomes[entry.operationID] {
                case .applied?:
                    try await acknowledge(entry, record: record, into: &transaction, now: now)
                    acknowledged[entry.payload.productId] = entry.payload.stamp
                    pushedIDs.append(entry.entityID)
                case .conflict(let current)?:
                    try await resolveConflict(entry, record: record, remote: current, into: &transaction, report: &report)
                case .rejected(let reason)?:
                    rejected.append((entry, reason))
                case nil:
                    unanswered.append(entry)
                }
            }
            try await local.commit(transaction)
            report.pushed += pushedIDs.count
            if !pushedIDs.isEmpty { await hub.emit(.pushed(pushedIDs)) }
            for (entry, reason) in rejected {
                try await recordFailure(of: [entry], error: .permanent(reason), report: &report)
            }
            if !unanswered.isEmpty {
                try await recordFailure(of: unanswered, error: .transient("no answer for the operation"), report: &report)
            }
        }
        return true
    }

    /// The operation of a product's pending outbox entry, as its sync record names it (for a record written
    /// before records named it, the outbox is asked).
    private func pendingOperation(of id: ProductID, record: ProductSyncRecord?) async throws -> UUID? {
        guard let record, record.mayHavePendingEntry else { return nil }
        if let operation = record.pendingOperationID { return operation }
        return try await syncState.pendingEntry(for: id)?.operationID
    }

    /// Books an applied push: the entry leaves the outbox and the product is synced at the pushed stamp — its
    /// stored content is the entry's, so only its sync state kind changes.
    private func acknowledge(
        _ entry: ProductOutboxEntry, record: ProductSyncRecord?, into transaction: inout ProductLocalTransaction,
        now: Date
    ) async throws {
        let id = entry.payload.productId
        guard try await pendingOperation(of: id, record: record) == entry.operationID else {
            // A newer local change replaced this one while it was in flight: the remote now holds this state,
            // which the newer change (naming this operation as superseded) builds on.
            if var record {
                record.baseStamp = entry.payload.stamp
                transaction.syncRecords.append(record)
            }
            return
        }
        transaction.removedOutboxEntries.append(entry.operationID)
        transaction.syncRecords.append(
            ProductSyncRecord(
                productId: id, status: .synced, stamp: entry.payload.stamp, baseStamp: entry.payload.stamp,
                lastSyncedAt: now))
        if entry.payload.product != nil {
            transaction.syncStateChanges.append(.init(productId: id, syncState: .synced))
        }
    }

    private func resolveConflict(
        _ entry: ProductOutboxEntry, record: ProductSyncRecord?, remote current: RemoteProductRecord,
        into transaction: inout ProductLocalTransaction, report: inout ProductSyncReport
    ) async throws {
        let id = entry.payload.productId
        guard try await pendingOperation(of: id, record: record) == entry.operationID else {
            return  // superseded: the newer change meets the conflict itself
        }
        let change = entry.payload
        let now = clock.now()
        let resolution = strategy.conflictPolicy.resolve(
            local: change.product, localStamp: change.stamp, remote: current.product, remoteStamp: current.stamp)
        report.conflicts += 1
        await hub.emit(.conflictResolved(id: id.rawValue, policy: strategy.conflictPolicy.description, resolution: resolution.name))
        switch resolution {
        case .keepRemote:
            transaction.removedOutboxEntries.append(entry.operationID)
            adopt(current, into: &transaction, now: now)
        case .keepLocal:
            var stamp = change.stamp
            var product = change.product
            if stamp <= current.stamp {
                stamp = change.stamp.successor(of: current.stamp, now: now, replica: replicaID)
                product?.version = stamp.version
                product?.updatedAt = stamp.updatedAt
            }
            try await requeue(
                entry, as: ProductChange(productId: id, product: product, stamp: stamp, baseStamp: current.stamp,
                                         migratedTo: change.migratedTo),
                previous: record, into: &transaction, now: now)
        case .merged(var merged):
            let stamp = change.stamp.successor(of: current.stamp, now: now, replica: replicaID)
            merged.version = stamp.version
            merged.updatedAt = stamp.updatedAt
            guard merged.productId == id, (try? merged.validate()) != nil else {
                transaction.removedOutboxEntries.append(entry.operationID)
                adopt(current, into: &transaction, now: now)
                return
            }
            try await requeue(
                entry, as: ProductChange(productId: id, product: merged, stamp: stamp, baseStamp: current.stamp),
                previous: record, into: &transaction, now: now)
        }
    }

    private func requeue(
        _ entry: ProductOutboxEntry, as change: ProductChange, previous: ProductSyncRecord?,
        into transaction: inout ProductLocalTransaction, now: Date
    ) async throws {
        let sequence = try await nextSequence()
        let fresh = entry.superseded(
            by: ProductOutboxEntry(
                operationID: makeUUID(), entityID: change.productId.rawValue, sequence: sequence, payload: change,
                enqueuedAt: now))
        transaction.removedOutboxEntries.append(entry.operationID)
        transaction.outboxEntries.append(fresh)
        let status: SyncStatus = change.isDeletion ? .pendingDelete : .pendingUpsert
        transaction.syncRecords.append(
            ProductSyncRecord(
                productId: change.productId, status: status, stamp: change.stamp, baseStamp: change.baseStamp,
                lastSyncedAt: previous?.lastSyncedAt, pendingOperationID: fresh.operationID))
        if let product = change.product {
            transaction.products.append(.init(product: product, syncState: status.kind))
        }
    }

    private func recordFailure(
        of entries: [ProductOutboxEntry], error: RemoteSyncError, report: inout ProductSyncReport
    ) async throws {
        let now = clock.now()
        var transaction = ProductLocalTransaction()
        let records = try await syncState.syncRecords(entries.map(\.payload.productId))
        for entry in entries {
            let id = entry.payload.productId
            guard try await pendingOperation(of: id, record: records[id]) == entry.operationID else { continue }
            let (updated, status) = entry.failed(with: error, at: now, policy: strategy.retryPolicy, random: random)
            transaction.outboxEntries.append(updated)
            if var record = records[id] {
                record.status = status
                transaction.syncRecords.append(record)
            }
            if entry.payload.product != nil {
                transaction.syncStateChanges.append(.init(productId: id, syncState: .failed))
            }
            if updated.isQuarantined {
                report.quarantined += 1
                await hub.emit(.quarantined(id: id.rawValue, error: error.description))
            } else {
                report.failed += 1
                await hub.emit(
                    .failed(id: id.rawValue, error: error.description, retryCount: updated.attempts,
                            nextRetryAt: updated.nextAttemptAt))
            }
        }
        try await local.commit(transaction)
    }

    /// Adopts remote changes page by page. A record whose stamp is in `acknowledged` (this pass pushed that
    /// state) is skipped without a read: the local state is that one, or a newer one that must not be replaced.
    private func pull(
        from remote: any ProductRemoteGateway, report: inout ProductSyncReport,
        skipping acknowledged: [ProductID: SyncStamp] = [:]
    ) async throws {
        var cursor = try await syncState.pullCursor()
        for _ in 0..<10_000 {
            let batch: ProductChangeBatch
            do {
                batch = try await remote.changes(after: cursor, limit: strategy.pullBatchSize)
            } catch {
                return
            }
            var latest: [ProductID: RemoteProductRecord] = [:]
            for record in batch.records where (latest[record.productId]?.sequence ?? .min) < record.sequence {
                latest[record.productId] = record
            }
            var transaction = ProductLocalTransaction()
            var applied = 0
            let now = clock.now()
            let ordered = latest.values.filter { acknowledged[$0.productId] != $0.stamp }.sorted { $0.sequence < $1.sequence }
            let known = try await syncState.syncRecords(ordered.map(\.productId))
            for record in ordered {
                if try await pendingOperation(of: record.productId, record: known[record.productId]) != nil { continue }
                if known[record.productId]?.stamp == record.stamp { continue }
                adopt(record, into: &transaction, now: now)
                applied += 1
            }
            transaction.pullCursor = batch.cursor ?? cursor
            try await local.commit(transaction)
            report.pulled += applied
            if applied > 0 { await hub.emit(.pulled(count: applied)) }
            guard batch.hasMore, batch.cursor != nil, batch.cursor != cursor else { return }
            cursor = batch.cursor
        }
    }

    private func adopt(_ record: RemoteProductRecord, into transaction: inout ProductLocalTransaction, now: Date) {
        if let product = record.product {
            transaction.products.append(.init(product: product, syncState: .synced))
            transaction.removedTombstones.append(record.productId)
        } else {
            transaction.removedProducts.append(record.productId)
            transaction.tombstones.append(
                ProductTombstone(productId: record.productId, stamp: record.stamp, migratedTo: record.migratedTo))
        }
        transaction.syncRecords.append(
            ProductSyncRecord(
                productId: record.productId, status: .synced, stamp: record.stamp, baseStamp: record.stamp,
                lastSyncedAt: now))
    }

    private func adoptIfNotPending(_ record: RemoteProductRecord) async throws {
        let known = try await syncState.syncRecord(record.productId)
        if try await pendingOperation(of: record.productId, record: known) != nil { return }
        if let known, known.stamp >= record.stamp { return }
        var transaction = ProductLocalTransaction()
        adopt(record, into: &transaction, now: clock.now())
        try await local.commit(transaction)
    }

    // MARK: - Write internals

    private func enqueue(
        _ change: ProductChange, previous: ProductSyncRecord?, pending: ProductOutboxEntry?,
        into transaction: inout ProductLocalTransaction, now: Date
    ) async throws {
        var entry = ProductOutboxEntry(
            operationID: makeUUID(), entityID: change.productId.rawValue, sequence: try await nextSequence(),
            payload: change, enqueuedAt: now)
        if let pending {
            entry = pending.superseded(by: entry)
            transaction.removedOutboxEntries.append(pending.operationID)
        }
        transaction.outboxEntries.append(entry)
        let status: SyncStatus = change.isDeletion ? .pendingDelete : .pendingUpsert
        transaction.syncRecords.append(
            ProductSyncRecord(
                productId: change.productId, status: status, stamp: change.stamp, baseStamp: change.baseStamp,
                lastSyncedAt: previous?.lastSyncedAt, pendingOperationID: entry.operationID))
        if let product = change.product {
            transaction.products.append(.init(product: product, syncState: status.kind))
        }
    }

    private func migrate(
        _ submitted: Product, to barcode: Barcode, current: Product, currentStamp: SyncStamp,
        state: ProductLocalState, claimed: inout Set<ProductID>, into transaction: inout ProductLocalTransaction,
        now: Date
    ) async throws -> (alias: ProductAlias, product: Product) {
        var base = submitted
        base.barcode = nil
        base.createdAt = current.createdAt
        base.updatedAt = current.updatedAt
        base.version = current.version
        let migrated: (product: Product, alias: ProductAlias)
        do {
            migrated = try base.withBarcodeMigration(barcode.value, now: now)
        } catch {
            throw ProductModuleError.invalidProduct(current.productId, error)
        }
        var canonical = migrated.product
        canonical.barcode = barcode
        let newID = canonical.productId
        let target = try await store.localStates([newID])[newID] ?? ProductLocalState()
        if claimed.contains(newID) || target.product != nil {
            throw ProductModuleError.barcodeAlreadyAssigned(barcode: barcode.value, to: newID)
        }
        claimed.insert(newID)
        let newTombstone = target.tombstone
        let newPrevious = target.syncRecord
        let canonicalStamp = newTombstone.map { $0.stamp.successor(now: now, replica: replicaID) }
            ?? SyncStamp(updatedAt: max(now, canonical.updatedAt), version: canonical.version, replicaID: replicaID)
        canonical.version = canonicalStamp.version
        canonical.updatedAt = canonicalStamp.updatedAt
        try Self.validate(canonical)
        if newTombstone != nil { transaction.removedTombstones.append(newID) }
        try await enqueue(
            ProductChange(productId: newID, product: canonical, stamp: canonicalStamp, baseStamp: newPrevious?.baseStamp),
            previous: newPrevious, pending: target.pendingEntry, into: &transaction, now: now)
        let oldStamp = currentStamp.successor(now: now, replica: replicaID)
        transaction.removedProducts.append(current.productId)
        transaction.tombstones.append(ProductTombstone(productId: current.productId, stamp: oldStamp, migratedTo: newID))
        try await enqueue(
            ProductChange(productId: current.productId, product: nil, stamp: oldStamp,
                          baseStamp: state.syncRecord?.baseStamp, migratedTo: newID),
            previous: state.syncRecord, pending: state.pendingEntry, into: &transaction, now: now)
        return (migrated.alias, canonical)
    }

    private func nextSequence() async throws -> Int64 {
        let last: Int64
        if let known = lastSequence {
            last = known
        } else {
            last = try await syncState.lastSequence()
        }
        lastSequence = last + 1
        return last + 1
    }

    private func afterLocalWrite() async {
        if await hub.subscriberCount > 0, let count = try? await syncState.outboxCount() {
            await hub.emit(.pendingCount(count))
        }
        guard strategy.writePolicy == .localThenRemoteImmediate, remote != nil else { return }
        schedule { service in _ = try? await service.syncPending() }
    }

    private func scheduleRefresh(of id: ProductID) {
        guard let remote else { return }
        let policy = strategy.readPolicy
        schedule { service in
            guard await service.connectivity.isOnline else { return }
            if case .localThenRemoteIfStale(let staleAfter) = policy {
                guard let record = try? await service.syncState.syncRecord(id), record.status == .synced else { return }
                if let last = record.lastSyncedAt, service.clock.now().timeIntervalSince(last) < staleAfter { return }
            } else if policy == .localOnly {
                return
            }
            guard let fetched = try? await remote.fetch(id) else { return }
            try? await service.adoptIfNotPending(fetched)
        }
    }

    private func schedule(_ work: @escaping @Sendable (ProductModuleService) async -> Void) {
        let id = UUID()
        background[id] = Task { [weak self] in
            guard let self else { return }
            await work(self)
            await self.finishBackground(id)
        }
    }

    private func finishBackground(_ id: UUID) {
        background[id] = nil
    }

    private func resolveLocally(_ id: ProductID) async throws -> Product? {
        var next: ProductID? = id
        for _ in 0..<8 {
            guard let current = next else { return nil }
            if let product = try await local.product(current) { return product }
            next = try await local.tombstone(current)?.migratedTo
        }
        return nil
    }

    private func stamp(of product: Product) -> SyncStamp {
        SyncStamp(updatedAt: product.updatedAt, version: product.version, replicaID: replicaID)
    }

    private static func productID(for lookup: ProductLookup) throws -> ProductID {
        switch lookup {
        case .productId(let id):
            return id
        case .barcode(let raw):
            do {
                return ProductID.barcode(try GTIN(raw))
            } catch {
                throw ProductModuleError.invalidBarcode(raw, error)
            }
        }
    }

    private static func validate(_ product: Product) throws {
        do {
            try product.validate()
        } catch {
            throw ProductModuleError.invalidProduct(product.productId, error)
        }
    }

    private static func rejectDuplicates(_ ids: [ProductID]) throws {
        var seen: Set<ProductID> = []
        for id in ids where !seen.insert(id).inserted { throw ProductModuleError.duplicateInBatch(id) }
    }
}
