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
    /// Record ids by the sequence of their latest change.
    private var feed: [Int64: UUID] = [:]
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
            records[pushed.id] = joined
            sequence += 1
            if let previous = latest[pushed.id] { feed[previous] = nil }
            latest[pushed.id] = sequence
            feed[sequence] = pushed.id
        }
        return outcomes
    }

    /// The records whose latest change comes after `cursor`, in the order of those changes.
    public func changes(after cursor: Int64?, limit: Int) async throws -> OutboxChangePage<NamedEntity> {
        guard reachable else { throw RemoteSyncError.offline }
        let after = cursor ?? 0
        let pending = feed.keys.filter { $0 > after }.sorted()
        let page = pending.prefix(max(1, limit))
        let changes = page.compactMap { feed[$0].flatMap { records[$0] } }
        return OutboxChangePage(changes: changes, cursor: page.last ?? cursor, hasMore: pending.count > page.count)
    }

    /// The live record of another id that holds `entity`'s kind and key.
    private func liveHolder(of entity: NamedEntity) -> NamedEntity? {
        guard let key = entity.semanticKey else { return nil }
        return records.values.first { $0.id != entity.id && $0.isLive && $0.kind == entity.kind && $0.semanticKey == key }
    }
}
