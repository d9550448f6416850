import Foundation
import InventoryKit
import InventoryModule
import InventoryModuleTesting
import InventorySync
import SyncWire
@testable import SyncServer

/// A device's remote for the replica scenarios: pushes and pulls go to the in-memory remote whose log the
/// scenario mirrors into the server's, and snapshots come from the server's replica — first mirroring what the
/// remote holds, so the server's log and the remote's are the same, `seq` for `seq`.
struct ServerSnapshotGateway: InventoryRemoteGateway {
    let remote: InMemoryInventoryRemote
    let mirror: LogMirror
    let store: PostgresSyncStore
    let replicas: HouseholdReplicas
    let household: SyncServer.HouseholdID
    /// How many snapshots the server served to this gateway.
    let served = Counter()

    func push(_ entries: [InventoryJournalEntry]) async throws -> [InventoryPushResult] {
        try await remote.push(entries)
    }

    func changes(of household: InventoryModule.HouseholdID, after cursor: Int64?, limit: Int) async throws -> InventoryChangeBatch {
        try await remote.changes(of: household, after: cursor, limit: limit)
    }

    func snapshot(of household: InventoryModule.HouseholdID, atLeast seq: Int64?) async throws -> InventorySnapshot? {
        _ = try await mirror.mirror()
        guard let described = try await replicas.snapshot(of: self.household, atLeast: seq ?? 0, withProducts: false),
            let saved = try await store.replicaCheckpoint(of: self.household, through: described.seq)
        else { return nil }
        let mark = try RecordCoding.decode(InventoryCheckpointMark.self, from: Data(saved.mark.utf8))
        _ = served.next()
        return InventorySnapshot(seq: described.seq, checkpoint: InventoryCheckpoint(mark: mark, stateData: saved.state))
    }
}
