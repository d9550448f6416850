import Foundation
import InventoryKit
import InventorySync

/// The product catalog's side of the `OutboxSyncEngine`: its outbox and gateway, and the local steps that only
/// the catalog knows — acknowledging a change also makes its product synced, a failure marks it failed, a
/// conflict goes to the ``ProductConflictResolver``, a pulled record is adopted unless a local change waits.
struct ProductSyncAdapter: OutboxSyncAdapter {
    typealias Payload = ProductChange
    typealias Conflict = RemoteProductRecord
    typealias Change = RemoteProductRecord
    typealias Scope = ProductFeed
    typealias EntityID = ProductID

    /// The local ports.
    let store: any ProductStore
    /// The remote, or `nil` for a local-only catalog (the engine then never calls it).
    let remote: (any ProductRemoteGateway)?
    /// What ends a conflict.
    let resolver: ProductConflictResolver
    /// The source of sync timestamps.
    let clock: InventoryClock
    /// Where decided conflicts are kept for the app to read.
    let conflictLog: SyncConflictLog

    func entityID(of entry: ProductOutboxEntry) -> ProductID { entry.payload.productID }

    // MARK: - Outbox reads

    func dueEntries(at now: Date, limit: Int) async throws -> [ProductOutboxEntry] {
        try await store.dueEntries(at: now, limit: limit)
    }

    func pendingEntries(limit: Int) async throws -> [ProductOutboxEntry] {
        try await store.pendingEntries(limit: limit)
    }

    func quarantinedEntries() async throws -> [ProductOutboxEntry] {
        try await store.quarantinedEntries()
    }

    func outboxCount() async throws -> Int {
        try await store.outboxCount()
    }

    func pullCursor(of scope: ProductFeed) async throws -> Int64? {
        try await store.pullCursor()
    }

    // MARK: - Remote

    func push(_ entries: [ProductOutboxEntry]) async throws -> [UUID: OutboxPushOutcome<RemoteProductRecord>] {
        guard let remote else { throw RemoteSyncError.offline }
        let requests = entries.map {
            ProductPushRequest(operationID: $0.operationID, supersededOperationIDs: $0.supersededOperationIDs, change: $0.payload)
        }
        var outcomes: [UUID: OutboxPushOutcome<RemoteProductRecord>] = [:]
        for result in try await remote.push(requests) where outcomes[result.operationID] == nil {
            switch result.outcome {
            case .applied: outcomes[result.operationID] = .applied
            case .conflict(let current): outcomes[result.operationID] = .conflict(current)
            case .rejected(let reason): outcomes[result.operationID] = .rejected(reason)
            }
        }
        return outcomes
    }

    func changes(of scope: ProductFeed, after cursor: Int64?, limit: Int) async throws -> OutboxChangePage<RemoteProductRecord> {
        guard let remote else { throw RemoteSyncError.offline }
        let batch = try await remote.changes(after: cursor, limit: limit)
        return OutboxChangePage(changes: batch.records, cursor: batch.cursor, hasMore: batch.hasMore)
    }

    // MARK: - Local writes

    func settle(_ round: OutboxRound<ProductChange, RemoteProductRecord>) async throws -> OutboxSettlement<ProductID> {
        // An acknowledged entry whose product's record still names it as pending needs nothing else of the record;
        // whole records are read only for the others (replaced in flight, or written before records named it).
        let pending = try await store.pendingOperationIDs(round.acknowledged.map(\.payload.productID))
        let stillPending = { (entry: ProductOutboxEntry) in pending[entry.payload.productID] == entry.operationID }
        var ids = round.acknowledged.filter { !stillPending($0) }.map(\.payload.productID)
        ids += round.failures.map(\.entry.payload.productID) + round.conflicts.map(\.entry.payload.productID)
        let records = ids.isEmpty ? [:] : try await store.syncRecords(ids)
        var transaction = ProductLocalTransaction()
        var settlement = OutboxSettlement<ProductID>()
        var decided: [SyncConflictRecord] = []
        for entry in round.acknowledged {
            if stillPending(entry) {
                acknowledge(entry, into: &transaction, now: round.now)
            } else {
                try await acknowledge(entry, record: records[entry.payload.productID], into: &transaction, now: round.now)
            }
        }
        for (entry, current) in round.conflicts {
            let id = entry.payload.productID
            // A newer local change replaced this one while it was in flight: that change meets the conflict itself.
            guard try await pendingOperation(of: id, record: records[id]) == entry.operationID else { continue }
            let resolved = try await resolver.resolve(entry, record: records[id], remote: current, into: &transaction, now: round.now)
            settlement.conflicts.append(
                SyncConflict(
                    operation: SyncOperationReference(operationID: entry.operationID, entityID: id),
                    policy: resolver.policy.description, resolution: resolved.resolution, decisions: resolved.decisions))
            decided += resolved.decisions.map {
                SyncConflictRecord(
                    entityKind: "product", entityID: id.rawValue, operationID: entry.operationID, decision: $0,
                    decidedAt: round.now, decidedBy: resolver.replicaID)
            }
        }
        // Recorded before the commit: a pass repeated after a crash decides the same fields under the same ids.
        try await conflictLog.record(decided)
        for failure in round.failures {
            let id = failure.entry.payload.productID
            guard try await pendingOperation(of: id, record: records[id]) == failure.entry.operationID else {
                settlement.supersededFailures.insert(failure.entry.operationID)
                continue
            }
            transaction.outboxEntries.append(failure.updated)
            if var record = records[id] {
                record.status = failure.status
                transaction.syncRecords.append(record)
            }
            if failure.entry.payload.product != nil {
                transaction.syncStateChanges.append(.init(productID: id, syncState: .failed))
            }
        }
        try await store.commit(transaction)
        return settlement
    }

    func adopt(
        _ page: OutboxChangePage<RemoteProductRecord>, of scope: ProductFeed, acknowledged: [ProductID: ProductChange]
    ) async throws -> Int {
        var latest: [ProductID: RemoteProductRecord] = [:]
        for record in page.changes where (latest[record.productID]?.sequence ?? .min) < record.sequence {
            latest[record.productID] = record
        }
        // A record whose stamp this pass pushed is skipped without a read: the local state is that one, or a newer
        // one that must not be replaced.
        let ordered = latest.values.filter { acknowledged[$0.productID]?.stamp != $0.stamp }.sorted { $0.sequence < $1.sequence }
        let known = try await store.syncRecords(ordered.map(\.productID))
        var transaction = ProductLocalTransaction()
        var applied = 0
        let now = clock.now()
        for record in ordered {
            if try await pendingOperation(of: record.productID, record: known[record.productID]) != nil { continue }
            if known[record.productID]?.stamp == record.stamp { continue }
            transaction.adopt(record, now: now)
            applied += 1
        }
        if let cursor = page.cursor { transaction.pullCursor = cursor }
        try await store.commit(transaction)
        return applied
    }

    func requeue(_ entries: [ProductOutboxEntry]) async throws {
        let records = try await store.syncRecords(entries.map(\.payload.productID))
        var transaction = ProductLocalTransaction()
        for entry in entries {
            let id = entry.payload.productID
            transaction.outboxEntries.append(entry)
            if var record = records[id], record.pendingOperationID == entry.operationID || record.pendingOperationID == nil {
                record.status = entry.payload.isDeletion ? .pendingDelete : .pendingUpsert
                transaction.syncRecords.append(record)
            }
            if entry.payload.product != nil {
                transaction.syncStateChanges.append(.init(productID: id, syncState: .pendingUpsert))
            }
        }
        try await store.commit(transaction)
    }

    func discard(_ entries: [ProductOutboxEntry], reason: String) async throws {
        let records = try await store.syncRecords(entries.map(\.payload.productID))
        var transaction = ProductLocalTransaction()
        for entry in entries {
            transaction.removedOutboxEntries.append(entry.operationID)
            guard var record = records[entry.payload.productID], record.pendingOperationID == entry.operationID else { continue }
            // The local state stays as it is, marked failed with the reason, until a newer local or remote change
            // replaces it; nothing of it is pushed any more.
            record.pendingOperationID = nil
            record.status = .failed(retryCount: entry.attempts, lastError: "discarded: \(reason)", nextRetryAt: nil)
            transaction.syncRecords.append(record)
        }
        try await store.commit(transaction)
    }

    // MARK: - Helpers

    /// The operation of a product's pending outbox entry, as its sync record names it (for a record written before
    /// records named it, the outbox is asked).
    func pendingOperation(of id: ProductID, record: ProductSyncRecord?) async throws -> UUID? {
        guard let record, record.mayHavePendingEntry else { return nil }
        if let operation = record.pendingOperationID { return operation }
        return try await store.pendingEntry(for: id)?.operationID
    }

    /// Books an applied push after checking that `record` still names it as pending (a newer local change may have
    /// replaced it in flight).
    private func acknowledge(
        _ entry: ProductOutboxEntry, record: ProductSyncRecord?, into transaction: inout ProductLocalTransaction, now: Date
    ) async throws {
        let id = entry.payload.productID
        guard try await pendingOperation(of: id, record: record) == entry.operationID else {
            // A newer local change replaced this one while it was in flight: the remote now holds this state, which
            // the newer change (naming this operation as superseded) builds on.
            if var record {
                record.baseStamp = entry.payload.stamp
                transaction.syncRecords.append(record)
            }
            return
        }
        acknowledge(entry, into: &transaction, now: now)
    }

    /// Books an applied push whose product still has it as its pending operation: the entry leaves the outbox and the
    /// product is synced at the pushed stamp — its stored content is the entry's, so only its sync state kind changes.
    private func acknowledge(_ entry: ProductOutboxEntry, into transaction: inout ProductLocalTransaction, now: Date) {
        let id = entry.payload.productID
        transaction.removedOutboxEntries.append(entry.operationID)
        transaction.syncRecords.append(
            ProductSyncRecord(
                productID: id, status: .synced, stamp: entry.payload.stamp, baseStamp: entry.payload.stamp, lastSyncedAt: now,
                fieldClock: entry.payload.fieldClock?.acknowledged.stored(for: entry.payload.stamp)))
        if entry.payload.product != nil {
            transaction.syncStateChanges.append(.init(productID: id, syncState: .synced))
        }
    }
}
