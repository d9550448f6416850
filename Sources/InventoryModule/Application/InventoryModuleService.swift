import Foundation
import InventoryKit
import InventorySync

/// Household stock, offline first: every command is validated against the local projection, written to the
/// append-only journal together with its outbox entries in one atomic step, and synced as journal entries.
///
/// Quantities are derived from the journal, so two devices that consume from the same lot offline both keep
/// their consumption after sync, and every replica projects the same stock from the same set of entries.
///
/// ```swift
/// let inventory = InventoryModuleService(storage: provider, remote: gateway, products: resolver, replicaID: "phone")
/// try await inventory.perform(.createHousehold(name: "Home"), in: home)
/// try await inventory.perform(.purchase(PurchaseRequest(productId: milk, amount: 2)), in: home, idempotencyKey: key)
/// let stock = try await inventory.state(of: home)
/// ```
public actor InventoryModuleService {
    /// The local journal.
    public nonisolated let store: any InventoryJournalStore
    /// The remote, or `nil` for a local-only inventory.
    public nonisolated let remote: (any InventoryRemoteGateway)?
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
    /// The source of retry jitter.
    public nonisolated let random: RandomSource

    private let makeUUID: @Sendable () -> UUID
    private let hub = SyncEventHub()
    private var states: [HouseholdID: InventoryState] = [:]
    private var latestRecordedAt: [HouseholdID: Date] = [:]
    private var lastSequence: Int64?
    private var background: [UUID: Task<Void, Never>] = [:]
    private var currentSync: Task<InventorySyncReport, any Error>?

    /// Creates the service on a native journal store.
    public init(
        store: any InventoryJournalStore, remote: (any InventoryRemoteGateway)? = nil,
        products: any ProductReferenceResolver = AcceptingProductReferenceResolver(),
        connectivity: any ConnectivityProvider = StaticConnectivity.online, strategy: InventorySyncStrategy = .standard,
        replicaID: ReplicaID, clock: InventoryClock = .system, random: RandomSource = .system,
        makeUUID: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.store = store
        self.remote = remote
        self.products = products
        self.connectivity = connectivity
        self.strategy = strategy
        self.replicaID = replicaID
        self.clock = clock
        self.random = random
        self.makeUUID = makeUUID
    }

    /// Creates the service on any `StorageProvider` (through ``StorageInventoryStore``).
    public init(
        storage: any StorageProvider, remote: (any InventoryRemoteGateway)? = nil,
        products: any ProductReferenceResolver = AcceptingProductReferenceResolver(),
        connectivity: any ConnectivityProvider = StaticConnectivity.online, strategy: InventorySyncStrategy = .standard,
        replicaID: ReplicaID, clock: InventoryClock = .system, random: RandomSource = .system,
        makeUUID: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.init(
            store: StorageInventoryStore(storage: storage), remote: remote, products: products,
            connectivity: connectivity, strategy: strategy, replicaID: replicaID, clock: clock, random: random,
            makeUUID: makeUUID)
    }

    // MARK: - State

    /// The projected state of a household (loaded from the journal on first use).
    ///
    /// - Throws: a storage error.
    public func state(of household: HouseholdID) async throws -> InventoryState {
        if let cached = states[household] { return cached }
        let entries = try await store.entries(of: household)
        let state = InventoryProjector.project(entries)
        states[household] = state
        latestRecordedAt[household] = entries.map(\.recordedAt).max()
        return state
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

    /// How many journal entries wait to reach the remote.
    ///
    /// - Throws: a storage error.
    public func pendingCount() async throws -> Int {
        try await store.outboxCount()
    }

    /// A stream of sync events from now on.
    public nonisolated func events() async -> AsyncStream<SyncEvent> {
        await hub.subscribe()
    }

    // MARK: - Commands

    /// Validates a command against the household's state, books it in the journal with its outbox entries in one
    /// atomic step, and returns.
    ///
    /// A command repeated with an idempotency key that was used before (a double tap, a retried call) is not
    /// applied again: the result names the original transaction and ``InventoryTransactionResult/isReplay``.
    ///
    /// - Throws: ``InventoryError`` when the command is invalid (nothing written), a resolver error, or a
    ///   storage error (nothing written).
    @discardableResult
    public func perform(
        _ command: InventoryCommand, in household: HouseholdID, correlationId: CorrelationID? = nil,
        idempotencyKey: IdempotencyKey? = nil
    ) async throws -> InventoryTransactionResult {
        var state = try await state(of: household)
        if let key = idempotencyKey, let original = state.idempotencyResults[key] {
            return InventoryTransactionResult(transactionId: original, entries: [], isReplay: true)
        }
        let command = try await canonicalized(command, in: state)
        let known = try await knownProducts(in: command)
        let now = max(clock.now(), (latestRecordedAt[household] ?? .distantPast).addingTimeInterval(0.001))
        let context = InventoryCommandContext(
            householdId: household, now: now, replicaID: replicaID, correlationId: correlationId ?? CorrelationID(makeUUID()),
            idempotencyKey: idempotencyKey, makeUUID: makeUUID, knownProducts: known)
        let entries = try InventoryCommandHandler.decide(command, in: state, context: context)
        guard !entries.isEmpty else {
            return InventoryTransactionResult(transactionId: nil, entries: [], isReplay: idempotencyKey != nil)
        }
        var transaction = InventoryLocalTransaction()
        transaction.entries = entries
        for entry in entries {
            transaction.outboxEntries.append(
                InventoryOutboxEntry(
                    operationID: entry.id, entityID: household.rawValue, sequence: try await nextSequence(),
                    payload: InventoryJournalChange(entry: entry), enqueuedAt: now))
        }
        try await store.commit(transaction)
        var needsProjection = false
        for entry in entries where state.apply(entry) == .requiresReprojection { needsProjection = true }
        states[household] = needsProjection ? try await reproject(household) : state
        latestRecordedAt[household] = max(latestRecordedAt[household] ?? .distantPast, entries.map(\.recordedAt).max() ?? now)
        await afterLocalWrite()
        return InventoryTransactionResult(transactionId: entries.first?.transactionId, entries: entries, isReplay: false)
    }

    // MARK: - Sync

    /// Pushes waiting journal entries, then pulls the remote journals of the given households (by default every
    /// household this service has loaded); one pass at a time.
    ///
    /// Remote failures do not throw: entries are retried with backoff or quarantined, and reported.
    ///
    /// - Throws: a local storage error.
    @discardableResult
    public func syncPending(households: [HouseholdID]? = nil) async throws -> InventorySyncReport {
        let previous = currentSync
        let task = Task { [weak self] () async throws -> InventorySyncReport in
            _ = try? await previous?.value
            guard let self else { return InventorySyncReport() }
            return try await self.performSync(households: households)
        }
        currentSync = task
        return try await task.value
    }

    /// Waits until every background push started so far has finished.
    public func waitForBackgroundWork() async {
        while let (_, task) = background.first { await task.value }
        _ = try? await currentSync?.value
    }

    private func performSync(households: [HouseholdID]?) async throws -> InventorySyncReport {
        var report = InventorySyncReport()
        guard let remote else {
            report.remaining = try await store.outboxCount()
            return report
        }
        guard await connectivity.isOnline else {
            report.wasOnline = false
            report.remaining = try await store.outboxCount()
            await hub.emit(.offline)
            return report
        }
        if try await push(to: remote, report: &report) {
            for household in households ?? Array(states.keys).sorted() {
                try await pull(household, from: remote, report: &report)
            }
        }
        report.remaining = try await store.outboxCount()
        await hub.emit(.pendingCount(report.remaining))
        await hub.emit(.completed(pushed: report.pushed, pulled: report.pulled, failed: report.failed))
        return report
    }

    private func push(to remote: any InventoryRemoteGateway, report: inout InventorySyncReport) async throws -> Bool {
        for _ in 0..<10_000 {
            let due = try await store.dueOutbox(at: clock.now(), limit: strategy.pushBatchSize)
            guard !due.isEmpty else { return true }
            let results: [InventoryPushResult]
            do {
                results = try await remote.push(due.map(\.payload.entry))
            } catch {
                try await recordFailure(of: due, error: RemoteSyncError.classify(error), report: &report)
                return false
            }
            let outcomes = Dictionary(results.map { ($0.entryID, $0.outcome) }, uniquingKeysWith: { first, _ in first })
            var transaction = InventoryLocalTransaction()
            var failures: [(InventoryOutboxEntry, RemoteSyncError)] = []
            var pushedIDs: [String] = []
            for entry in due {
                switch outcomes[entry.operationID] {
                case .applied?:
                    transaction.removedOutboxEntries.append(entry.operationID)
                    pushedIDs.append(entry.operationID.uuidString.lowercased())
                case .rejected(let reason)?:
                    failures.append((entry, .permanent(reason)))
                case nil:
                    failures.append((entry, .transient("no answer for the entry")))
                }
            }
            try await store.commit(transaction)
            report.pushed += pushedIDs.count
            if !pushedIDs.isEmpty { await hub.emit(.pushed(pushedIDs)) }
            for (entry, error) in failures { try await recordFailure(of: [entry], error: error, report: &report) }
        }
        return true
    }

    private func recordFailure(
        of entries: [InventoryOutboxEntry], error: RemoteSyncError, report: inout InventorySyncReport
    ) async throws {
        let now = clock.now()
        var transaction = InventoryLocalTransaction()
        for entry in entries {
            let (updated, _) = entry.failed(with: error, at: now, policy: strategy.retryPolicy, random: random)
            transaction.outboxEntries.append(updated)
            let id = entry.operationID.uuidString.lowercased()
            if updated.isQuarantined {
                report.quarantined += 1
                await hub.emit(.quarantined(id: id, error: error.description))
            } else {
                report.failed += 1
                await hub.emit(.failed(id: id, error: error.description, retryCount: updated.attempts, nextRetryAt: updated.nextAttemptAt))
            }
        }
        try await store.commit(transaction)
    }

    private func pull(_ household: HouseholdID, from remote: any InventoryRemoteGateway, report: inout InventorySyncReport) async throws {
        var cursor = try await store.pullCursor(of: household)
        var pulledAny = false
        for _ in 0..<100_000 {
            let batch: InventoryChangeBatch
            do {
                batch = try await remote.changes(of: household, after: cursor, limit: strategy.pullBatchSize)
            } catch {
                break
            }
            var transaction = InventoryLocalTransaction()
            var fresh: Set<UUID> = []
            for entry in batch.entries where entry.householdId == household && !fresh.contains(entry.id) {
                if try await store.containsEntry(entry.id) { continue }
                fresh.insert(entry.id)
                transaction.entries.append(entry)
            }
            if let next = batch.cursor { transaction.pullCursor = (household, next) }
            try await store.commit(transaction)
            report.pulled += transaction.entries.count
            pulledAny = pulledAny || !transaction.entries.isEmpty
            guard batch.hasMore, let next = batch.cursor, next != cursor else { break }
            cursor = next
        }
        if pulledAny {
            states[household] = try await reproject(household)
            await hub.emit(.pulled(count: report.pulled))
        }
    }

    // MARK: - Helpers

    private func reproject(_ household: HouseholdID) async throws -> InventoryState {
        let entries = try await store.entries(of: household)
        latestRecordedAt[household] = entries.map(\.recordedAt).max()
        return InventoryProjector.project(entries)
    }

    private func nextSequence() async throws -> Int64 {
        let last: Int64
        if let known = lastSequence { last = known } else { last = try await store.lastOutboxSequence() }
        lastSequence = last + 1
        return last + 1
    }

    private func afterLocalWrite() async {
        if let count = try? await store.outboxCount() { await hub.emit(.pendingCount(count)) }
        guard strategy.writePolicy == .localThenRemoteImmediate, remote != nil else { return }
        let id = UUID()
        background[id] = Task { [weak self] in
            _ = try? await self?.syncPending()
            await self?.finishBackground(id)
        }
    }

    private func finishBackground(_ id: UUID) {
        background[id] = nil
    }

    /// The command with its product reference following product id migrations: a purchase books under the
    /// canonical id; a booking against stock finds the lots held under any id that resolves to the same product
    /// (lots bought before the product got its barcode keep their old id).
    private func canonicalized(_ command: InventoryCommand, in state: InventoryState) async throws -> InventoryCommand {
        switch command {
        case .purchase(var request):
            request.productId = try await canonical(request.productId)
            return .purchase(request)
        case .consume(var request):
            request.productId = try await stockHolder(for: request.productId, in: state)
            return .consume(request)
        case .open(var request):
            request.productId = try await stockHolder(for: request.productId, in: state)
            return .open(request)
        case .transfer(var request):
            request.productId = try await stockHolder(for: request.productId, in: state)
            return .transfer(request)
        case .correct(var request):
            request.productId = try await stockHolder(for: request.productId, in: state)
            return .correct(request)
        default:
            return command
        }
    }

    /// The product id under which the state holds stock of the same product as `reference`.
    private func stockHolder(for reference: ProductReference, in state: InventoryState) async throws -> ProductReference {
        let holders = Set(state.lots.values.map(\.productId))
        if holders.contains(reference) { return reference }
        let target = try await canonical(reference)
        if holders.contains(target) { return target }
        for holder in holders.sorted() where try await canonical(holder) == target { return holder }
        return reference
    }

    private func canonical(_ reference: ProductReference) async throws -> ProductReference {
        if case .exists(let canonical) = try await products.resolve(reference) { return canonical }
        return reference
    }

    private func knownProducts(in command: InventoryCommand) async throws -> Set<ProductReference> {
        var references: [ProductReference] = []
        switch command {
        case .purchase(let request): references = [request.productId]
        case .consume(let request): references = [request.productId]
        case .open(let request): references = [request.productId]
        case .transfer(let request): references = [request.productId]
        case .correct(let request): references = [request.productId]
        case .setProductSettings(let settings): references = [settings.productId]
        case .addShoppingListItem(let request): references = request.productId.map { [$0] } ?? []
        default: references = []
        }
        var known: Set<ProductReference> = []
        for reference in references {
            if case .exists = try await products.resolve(reference) { known.insert(reference) }
        }
        return known
    }
}
