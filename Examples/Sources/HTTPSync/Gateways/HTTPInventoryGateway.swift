import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import SyncWire

/// An ``InventoryRemoteGateway`` on the InventoryKit sync server: the journal of the configured household.
///
/// - ``push(_:)`` sends each entry as a `journal` operation whose `opId` and `entityId` are both the entry's id, so
///   a retry of the same entry is answered `duplicate` by the server (idempotent by entry id, under any op id).
///   `applied` and `duplicate` answer ``InventoryPushOutcome/applied(sequence:)``; `rejected` answers
///   ``InventoryPushOutcome/rejected(reason:)``. At most 500 entries a request.
/// - ``changes(of:after:limit:)`` reads the change log with `kinds=journal`.
///
/// The gateway serves one household: the server's household of its ``HTTPSyncClient``, whose kit id is the
/// household's lowercase UUID (``HTTPSyncConfiguration/householdID``). Entries of another household are rejected
/// without being sent, and pulling another household is a permanent error.
public struct HTTPInventoryGateway: InventoryRemoteGateway {
    /// The client requests go through.
    public let client: HTTPSyncClient

    /// Creates a gateway.
    public init(client: HTTPSyncClient) {
        self.client = client
    }

    /// Appends entries to the household's journal; one result per answered entry.
    ///
    /// - Throws: ``RemoteSyncError`` when no request was answered, or the device is unauthorized.
    public func push(_ entries: [InventoryJournalEntry]) async throws -> [InventoryPushResult] {
        let household = client.configuration.householdID
        var results: [InventoryPushResult] = []
        var operations: [PushOperation] = []
        for entry in entries {
            guard entry.householdID == household else {
                results.append(InventoryPushResult(
                    entryID: entry.id,
                    outcome: .rejected(reason: "the entry belongs to household \(entry.householdID), this server syncs \(household)")))
                continue
            }
            operations.append(try PushOperation(opID: entry.id, kind: .journal, entityID: entry.id.uuidString.lowercased(), payload: entry))
        }
        guard !operations.isEmpty else { return results }
        for result in try await client.push(operations) {
            guard let entryID = result.operationID else { continue }  // no answer: retried later
            switch result.status {
            case .applied, .duplicate:
                guard let seq = result.seq else { continue }
                results.append(InventoryPushResult(entryID: entryID, outcome: .applied(sequence: seq)))
            case .rejected, .conflict:
                results.append(InventoryPushResult(entryID: entryID, outcome: .rejected(reason: result.reason)))
            }
        }
        return results
    }

    /// The household's entries appended after `cursor`.
    ///
    /// - Throws: ``RemoteSyncError`` (`resyncRequired` when the server cannot serve the cursor, `permanent` for a
    ///   household this gateway does not serve).
    public func changes(of household: HouseholdID, after cursor: Int64?, limit: Int) async throws -> InventoryChangeBatch {
        guard household == client.configuration.householdID else {
            throw RemoteSyncError.permanent("this server syncs household \(client.configuration.householdID), not \(household)")
        }
        let page = try await client.changes(of: InventoryJournalEntry.self, after: cursor, limit: limit)
        return InventoryChangeBatch(entries: page.changes.map(\.payload), cursor: page.cursor, hasMore: page.hasMore)
    }
}
