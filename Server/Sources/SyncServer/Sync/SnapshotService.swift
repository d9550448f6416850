import Foundation
import NIOCore
import SyncWire

/// The snapshots a new device bootstraps from: the replica's saved states (``HouseholdReplicas``) described with
/// the products their lots refer to, and their bytes as stored.
struct SnapshotService: Sendable {
    let replicas: HouseholdReplicas
    let store: PostgresSyncStore
    let service: SyncService

    /// The newest snapshot of the household through at least `atLeast` (see
    /// ``HouseholdReplicas/snapshot(of:atLeast:withProducts:)``), with the live products its lots refer to.
    /// - Throws: ``APIError`` `no_snapshot` when the household's journal has nothing to fold, `conflict` when its
    ///   log did not reach `atLeast` in time, `not_found` when the household is gone.
    func snapshot(of household: HouseholdID, atLeast: Int64, withProducts: Bool) async throws -> Snapshot {
        let found = try await service.mapStoreErrors {
            try await replicas.snapshot(of: household, atLeast: atLeast, withProducts: withProducts)
        }
        guard let snapshot = found else {
            throw APIError(.noSnapshot, "The household's journal has nothing to fold yet; pull its changes instead.")
        }
        let products = try await service.mapStoreErrors {
            try await store.liveProductRecords(of: household, ids: snapshot.productIDs)
        }
        return Snapshot(
            seq: snapshot.seq, formatVersion: snapshot.formatVersion, mark: JSONFragment(verbatim: snapshot.mark),
            stateBytes: snapshot.byteCount, stateSHA256: snapshot.sha256,
            state: Snapshot.statePath(of: household, seq: snapshot.seq),
            products: products.map { Snapshot.Product(id: $0.id, payload: JSONFragment(verbatim: $0.record)) })
    }

    /// The bytes of the household's saved state through `seq`, as stored.
    /// - Throws: ``APIError`` `snapshot_gone` when that state is no longer kept.
    func state(of household: HouseholdID, seq: Int64) async throws -> ByteBuffer {
        guard let bytes = try await service.mapStoreErrors({ try await store.replicaCheckpointState(of: household, through: seq) })
        else { throw Self.gone(seq) }
        return bytes
    }

    /// Whether the household's saved state through `seq` is still kept.
    /// - Throws: ``APIError`` `snapshot_gone` when it is not.
    func checkKept(_ household: HouseholdID, seq: Int64) async throws {
        guard try await service.mapStoreErrors({ try await store.hasReplicaCheckpoint(of: household, through: seq) })
        else { throw Self.gone(seq) }
    }

    private static func gone(_ seq: Int64) -> APIError {
        APIError(
            .snapshotGone, "The snapshot through \(seq) is no longer kept; ask for the household's snapshot again.",
            details: ["seq": "\(seq)"])
    }
}
