import Foundation
import InventoryKit
import InventorySync

extension ProductSyncAdapter {
    /// Reconciles the local catalog with the remote's complete feed after `resync_required`.
    ///
    /// The snapshot is adopted like a page. A local product the snapshot does not hold, that was synced with the
    /// remote before and has no pending change, was deleted remotely while its tombstone was compacted away: it
    /// gets a local tombstone one version past its last known remote stamp, written by ``resyncReplica``. Products with pending changes (local edits and local
    /// deletions) and products this replica never synced stay as they are, and their outbox entries push as usual.
    func reconcile(
        _ scope: ProductFeed, with snapshot: OutboxChangePage<RemoteProductRecord>,
        acknowledged: [ProductID: ProductChange]
    ) async throws -> Int {
        let held = Set(snapshot.changes.map(\.productID))
        var absent: [ProductID] = []
        var query: ProductQuery? = ProductQuery(page: PageRequest(limit: 500), sort: .title(.ascending))
        while let current = query {
            let page = try await store.query(current)
            absent += page.products.map(\.productID).filter { !held.contains($0) }
            query = current.after(page.nextCursor)
        }
        let records = try await store.syncRecords(absent)
        var tombstones: [RemoteProductRecord] = []
        for id in absent {
            guard let record = records[id], record.status == .synced else { continue }
            if try await pendingOperation(of: id, record: record) != nil { continue }
            let stamp = SyncStamp(
                updatedAt: record.stamp.updatedAt, version: record.stamp.version + 1, replicaID: Self.resyncReplica)
            tombstones.append(RemoteProductRecord(productID: id, product: nil, stamp: stamp, sequence: snapshot.cursor ?? 0))
        }
        var complete = snapshot
        complete.changes += tombstones
        return try await adopt(complete, of: scope, acknowledged: acknowledged)
    }

    /// The replica named in the stamps of tombstones a resync infers (the remote's own tombstone was compacted).
    static var resyncReplica: ReplicaID { ReplicaID("remote-resync") }
}
