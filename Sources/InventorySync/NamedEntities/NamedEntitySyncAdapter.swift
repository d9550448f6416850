import Foundation
import InventoryKit

/// Named entities' side of the `OutboxSyncEngine`: the outbox of ``NamedEntityOutbox``, a
/// ``NamedEntityRemoteGateway``, and the local steps — a pulled record is joined into the local one, a conflict on a
/// key merges the local record into the remote holder of the key.
///
/// The repository's commands do not run inside the engine's gate: they write with compare-and-swap preconditions.
/// So every local step here reads, joins and writes under the same preconditions and, when a command won the race,
/// reads again and tries again.
struct NamedEntitySyncAdapter: OutboxSyncAdapter {
    typealias Payload = NamedEntityChange
    typealias Conflict = NamedEntity
    typealias Change = NamedEntity
    typealias Scope = NamedEntityFeed
    typealias EntityID = UUID

    /// The outbox and the provider.
    let outbox: NamedEntityOutbox
    /// The remote, or `nil` for local-only use (the engine then never calls it).
    let remote: (any NamedEntityRemoteGateway)?
    /// How often a local step is tried when commands keep changing its records first.
    static let attempts = 32

    private var store: any MetadataStore { outbox.storage.metadata(outbox.scope) }

    func entityID(of entry: NamedEntityOutboxEntry) -> UUID { entry.payload.entity.id }

    // MARK: - Outbox reads

    func dueEntries(at now: Date, limit: Int) async throws -> [NamedEntityOutboxEntry] {
        try await outbox.due(at: now, limit: limit)
    }

    func pendingEntries(limit: Int) async throws -> [NamedEntityOutboxEntry] {
        try await outbox.pending(limit: limit)
    }

    func quarantinedEntries() async throws -> [NamedEntityOutboxEntry] {
        try await outbox.quarantined()
    }

    func outboxCount() async throws -> Int {
        try await outbox.count()
    }

    func pullCursor(of scope: NamedEntityFeed) async throws -> Int64? {
        try await outbox.pullCursor()
    }

    // MARK: - Remote

    func push(_ entries: [NamedEntityOutboxEntry]) async throws -> [UUID: OutboxPushOutcome<NamedEntity>] {
        guard let remote else { throw RemoteSyncError.offline }
        return try await remote.push(entries)
    }

    func changes(of scope: NamedEntityFeed, after cursor: Int64?, limit: Int) async throws -> OutboxChangePage<NamedEntity> {
        guard let remote else { throw RemoteSyncError.offline }
        return try await remote.changes(after: cursor, limit: limit)
    }

    // MARK: - Local writes

    func settle(_ round: OutboxRound<NamedEntityChange, NamedEntity>) async throws -> OutboxSettlement<UUID> {
        for attempt in 1...Self.attempts {
            var settlement = OutboxSettlement<UUID>()
            var batch = StorageBatch()
            for entry in round.acknowledged + round.conflicts.map(\.entry) {
                batch.user.append(.delete(RecordID(entry.operationID), in: NamedEntityOutboxEntry.collection))
            }
            for failure in round.failures {
                batch.user.append(try .save(failure.updated))
            }
            // A conflict: another live record holds the key on the remote. The local record is merged into it, as a
            // local duplicate would be (SemanticMergeRule), and both new states are pushed.
            var merges: [NamedEntity] = []
            for (entry, holder) in round.conflicts {
                let merge = try await mergeWrites(entry.payload.entity, into: holder, at: round.now)
                batch.append(merge.writes, to: outbox.scope)
                merges += merge.enqueue
                settlement.conflicts.append(
                    SyncConflict(
                        operation: SyncOperationReference(operationID: entry.operationID, entityID: entry.payload.entity.id),
                        policy: "keyHolderWins", resolution: "merged into \(RecordID(holder.id).rawValue)"))
            }
            do {
                try await outbox.commit(batch, enqueueing: merges)
                return settlement
            } catch StorageError.preconditionFailed(let collection, _, _, _)
                where collection == NamedEntity.collection && attempt < Self.attempts {
                continue  // a command changed a record of a merge: merge again with what it wrote
            }
        }
        return OutboxSettlement()
    }

    func adopt(
        _ page: OutboxChangePage<NamedEntity>, of scope: NamedEntityFeed, acknowledged: [UUID: NamedEntityChange]
    ) async throws -> Int {
        for attempt in 1...Self.attempts {
            var latest: [UUID: NamedEntity] = [:]
            var order: [UUID] = []
            for entity in page.changes {
                if latest[entity.id] == nil { order.append(entity.id) }
                latest[entity.id] = latest[entity.id].map { $0.reconciled(with: entity) } ?? entity
            }
            let stored = try await versioned(order)
            var batch = StorageBatch()
            var enqueue: [NamedEntity] = []
            var changed = 0
            for id in order {
                guard let remote = latest[id] else { continue }
                let local = stored[id]
                let joined = local.map { $0.entity.reconciled(with: remote) } ?? remote
                if joined != local?.entity {
                    batch.append([try .save(joined, precondition: local.map { .revision($0.revision) } ?? .absent)], to: outbox.scope)
                    changed += 1
                }
                // The local record knew something the remote did not (a spelling added offline): tell the remote.
                if joined != remote { enqueue.append(joined) }
            }
            if let cursor = page.cursor {
                batch.user.append(try .save(NamedEntityOutbox.PullCursor(cursor: cursor)))
            }
            do {
                try await outbox.commit(batch, enqueueing: enqueue)
                return changed
            } catch StorageError.preconditionFailed(let collection, _, _, _)
                where collection == NamedEntity.collection && attempt < Self.attempts {
                continue  // a command changed one of the records: join again with what it wrote
            }
        }
        return 0
    }

    func requeue(_ entries: [NamedEntityOutboxEntry]) async throws {
        try await outbox.storage.commit(StorageBatch(user: try entries.map { try .save($0) }))
    }

    func discard(_ entries: [NamedEntityOutboxEntry], reason: String) async throws {
        let deletions = entries.map { RecordWrite.delete(RecordID($0.operationID), in: NamedEntityOutboxEntry.collection) }
        try await outbox.storage.commit(StorageBatch(user: deletions))
    }

    // MARK: - Helpers

    /// The local records of `ids` with their revisions.
    private func versioned(_ ids: [UUID]) async throws -> [UUID: (entity: NamedEntity, revision: Int)] {
        var found: [UUID: (entity: NamedEntity, revision: Int)] = [:]
        for record in try await store.records(ids.map(RecordID.init), in: NamedEntity.collection) {
            let entity = try NamedEntity.decode(record)
            found[entity.id] = (entity, record.revision)
        }
        return found
    }

    /// The writes that merge the local record of `pushed` into `holder` (joined with the local copy of `holder`),
    /// and the two states to push.
    private func mergeWrites(
        _ pushed: NamedEntity, into holder: NamedEntity, at now: Date
    ) async throws -> (writes: [RecordWrite], enqueue: [NamedEntity]) {
        let stored = try await versioned([pushed.id, holder.id])
        let loser = stored[pushed.id].map { $0.entity.reconciled(with: pushed) } ?? pushed
        let winner = stored[holder.id].map { $0.entity.reconciled(with: holder) } ?? holder
        guard loser.isLive else { return ([], []) }
        let merged = SemanticMergeRule.merge([loser], into: winner, at: now)
        var writes = [try RecordWrite.save(merged.winner, precondition: stored[holder.id].map { .revision($0.revision) } ?? .absent)]
        for tombstone in merged.retired {
            writes.append(try .save(tombstone, precondition: stored[tombstone.id].map { .revision($0.revision) } ?? .absent))
        }
        return (writes, [merged.winner] + merged.retired)
    }
}
