import Foundation
import InventoryKit
import InventorySync

/// A `NamedEntityRemoteGateway` in memory, for tests, previews and the reference behaviour: one record per id,
/// pushed states joined with `NamedEntity.reconciled(with:)`, one live record per kind and key, operation ids
/// remembered, and a change feed that serves each record once, in its latest state.
///
/// ```swift
/// let remote = InMemoryNamedEntityRemote()
/// let phone = NamedEntitySync(storage: phoneStorage, remote: remote)
/// let tablet = NamedEntitySync(storage: tabletStorage, remote: remote)
/// ```
public actor InMemoryNamedEntityRemote: NamedEntityRemoteGateway {
    private var records: [UUID: NamedEntity] = [:]
    /// The sequence of each record's latest change.
    private var latest: [UUID: Int64] = [:]
    /// Every change in sequence order; a change whose record changed again later is skipped when served.
    private var feed: [(sequence: Int64, id: UUID)] = []
    /// The live record of each kind and key.
    private var holders: [KeySlot: UUID] = [:]
    private var sequence: Int64 = 0
    private var seenOperations: Set<UUID> = []
    private var reachable = true

    /// Creates an empty remote.
    public init() {}

    /// Every record the remote holds, live ones and merge tombstones.
    public var allRecords: [NamedEntity] {
        records.values.sorted { RecordID($0.id) < RecordID($1.id) }
    }

    /// Makes every later call fail with `RemoteSyncError.offline` (`false`) or succeed again (`true`).
    public func setReachable(_ reachable: Bool) {
        self.reachable = reachable
    }

    /// Joins each state into its record, in order.
    public func push(_ entries: [NamedEntityOutboxEntry]) async throws -> [UUID: OutboxPushOutcome<NamedEntity>] {
        guard reachable else { throw RemoteSyncError.offline }
        var outcomes: [UUID: OutboxPushOutcome<NamedEntity>] = [:]
        for entry in entries {
            guard !seenOperations.contains(entry.operationID) else {
                outcomes[entry.operationID] = .applied
                continue
            }
            let pushed = entry.payload.entity
            let joined = records[pushed.id].map { $0.reconciled(with: pushed) } ?? pushed
            if joined.isLive, let holder = liveHolder(of: joined) {
                outcomes[entry.operationID] = .conflict(holder)
                continue
            }
            seenOperations.insert(entry.operationID)
            outcomes[entry.operationID] = .applied
            guard joined != records[pushed.id] else { continue }
            if let previous = records[pushed.id], let slot = KeySlot(previous), holders[slot] == pushed.id {
                holders[slot] = nil
            }
            records[pushed.id] = joined
            if joined.isLive, let slot = KeySlot(joined) { holders[slot] = pushed.id }
            sequence += 1
            latest[pushed.id] = sequence
            feed.append((sequence, pushed.id))
        }
        return outcomes
    }

    /// The records whose latest change comes after `cursor`, in the order of those changes.
    public func changes(after cursor: Int64?, limit: Int) async throws -> OutboxChangePage<NamedEntity> {
        guard reachable else { throw RemoteSyncError.offline }
        let after = cursor ?? 0
        // The first change after the cursor, by binary search: a page costs its own length, not the feed's.
        var low = 0
        var high = feed.count
        while low < high {
            let middle = (low + high) / 2
            if feed[middle].sequence <= after { low = middle + 1 } else { high = middle }
        }
        var changes: [NamedEntity] = []
        var last = cursor
        var index = low
        while index < feed.count {
            let change = feed[index]
            index += 1
            guard latest[change.id] == change.sequence, let record = records[change.id] else { continue }
            if changes.count == max(1, limit) { return OutboxChangePage(changes: changes, cursor: last, hasMore: true) }
            changes.append(record)
            last = change.sequence
        }
        return OutboxChangePage(changes: changes, cursor: last, hasMore: false)
    }

    /// The live record of another id that holds `entity`'s kind and key.
    private func liveHolder(of entity: NamedEntity) -> NamedEntity? {
        guard let slot = KeySlot(entity), let holder = holders[slot], holder != entity.id else { return nil }
        return records[holder]
    }

    /// A kind and a semantic key: the slot one live record holds.
    private struct KeySlot: Hashable {
        var kind: NamedEntityKind.Name
        var key: SemanticKey

        init?(_ entity: NamedEntity) {
            guard let key = entity.semanticKey else { return nil }
            self.kind = entity.kind
            self.key = key
        }
    }
}
