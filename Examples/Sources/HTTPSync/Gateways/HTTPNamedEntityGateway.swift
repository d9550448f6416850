import Foundation
import InventoryKit
import InventorySync
import SyncWire

/// A ``NamedEntityRemoteGateway`` on the InventoryKit sync server: the categories, manufacturers, locations, units
/// and tags of the configured household.
///
/// - ``push(_:)`` sends each outbox entry as a `namedEntity` operation carrying the entity's state; the server joins
///   it into its record (`NamedEntity.reconciled(with:)`). `applied` and `duplicate` answer
///   ``OutboxPushOutcome/applied``; `conflict` answers ``OutboxPushOutcome/conflict(_:)`` with the live record of
///   another id that holds the key; `rejected` answers ``OutboxPushOutcome/rejected(_:)``. At most 500 operations a
///   request.
/// - ``changes(after:limit:)`` reads the change log with `kinds=namedEntity`: each record once, in its latest state.
///
/// ```swift
/// let client = HTTPSyncClient(configuration: try HTTPSyncConfiguration(server: url, household: id, token: token))
/// let sync = NamedEntitySync(storage: storage, remote: HTTPNamedEntityGateway(client: client))
/// ```
public struct HTTPNamedEntityGateway: NamedEntityRemoteGateway {
    /// The client requests go through.
    public let client: HTTPSyncClient

    /// Creates a gateway.
    public init(client: HTTPSyncClient) {
        self.client = client
    }

    /// Pushes named-entity states; one outcome per answered operation.
    ///
    /// - Throws: ``RemoteSyncError`` when no request was answered, or the device is unauthorized.
    public func push(_ entries: [NamedEntityOutboxEntry]) async throws -> [UUID: OutboxPushOutcome<NamedEntity>] {
        let operations = try entries.map { entry in
            try PushOperation(
                opID: entry.operationID, kind: .namedEntity, entityID: RecordID(entry.payload.entity.id).rawValue,
                payload: entry.payload.entity)
        }
        guard !operations.isEmpty else { return [:] }
        var outcomes: [UUID: OutboxPushOutcome<NamedEntity>] = [:]
        for result in try await client.push(operations) {
            guard let operationID = result.operationID else { continue }  // no answer: retried later
            switch result.status {
            case .applied, .duplicate:
                outcomes[operationID] = .applied
            case .conflict:
                guard let current = result.current(as: NamedEntity.self) else { continue }  // nothing to merge into: retried later
                outcomes[operationID] = .conflict(current)
            case .rejected:
                outcomes[operationID] = .rejected(result.reason)
            }
        }
        return outcomes
    }

    /// The household's named entities changed after `cursor`, each in its latest state.
    ///
    /// - Throws: ``RemoteSyncError`` (`resyncRequired` when the server cannot serve the cursor any more).
    public func changes(after cursor: Int64?, limit: Int) async throws -> OutboxChangePage<NamedEntity> {
        let page = try await client.changes(of: NamedEntity.self, after: cursor, limit: limit)
        return OutboxChangePage(changes: page.changes.map(\.payload), cursor: page.cursor, hasMore: page.hasMore)
    }
}
