import Foundation
import InventoryKit
import InventorySync

/// Applies the catalog's `ConflictPolicy` to a change the remote answered with a different state: adopt the
/// remote state, push the local change again over it, or push a merge. The one place to change how product
/// conflicts end.
struct ProductConflictResolver: Sendable {
    /// The policy.
    let policy: ConflictPolicy<Product>
    /// This replica, stamped on rewritten changes.
    let replicaID: ReplicaID
    /// Makes the entries of rewritten changes.
    let queue: ProductChangeQueue

    /// Resolves the conflict of `entry` (the product's pending change) with the remote's `current` state into
    /// `transaction`. A change pushed again replaces `entry` as a new operation that remembers it as superseded.
    ///
    /// - Returns: the resolution's name, and the fields a field-by-field merge decided.
    func resolve(
        _ entry: ProductOutboxEntry, record: ProductSyncRecord?, remote current: RemoteProductRecord,
        into transaction: inout ProductLocalTransaction, now: Date
    ) async throws -> (resolution: String, decisions: [SyncFieldDecision]) {
        let change = entry.payload
        let id = change.productID
        let resolution = policy.resolve(
            local: change.product, localStamp: change.stamp, remote: current.product, remoteStamp: current.stamp)
        switch resolution {
        case .mergeFields:
            return try await mergeFields(entry, record: record, remote: current, into: &transaction, now: now)
        case .keepRemote:
            transaction.removedOutboxEntries.append(entry.operationID)
            transaction.adopt(current, now: now)
        case .keepLocal:
            var stamp = change.stamp
            var product = change.product
            if stamp <= current.stamp {
                stamp = change.stamp.successor(of: current.stamp, now: now, replica: replicaID)
                product?.version = stamp.version
                product?.updatedAt = stamp.updatedAt
            }
            try await queue.enqueue(
                ProductChange(
                    productID: id, product: product, stamp: stamp, baseStamp: current.stamp, migratedTo: change.migratedTo),
                previous: record, replacing: entry, into: &transaction, now: now)
        case .merged(var merged):
            let stamp = change.stamp.successor(of: current.stamp, now: now, replica: replicaID)
            merged.version = stamp.version
            merged.updatedAt = stamp.updatedAt
            guard merged.productID == id, (try? merged.validate()) != nil else {
                transaction.removedOutboxEntries.append(entry.operationID)
                transaction.adopt(current, now: now)
                return (ConflictResolution<Product>.keepRemote.name, [])
            }
            try await queue.enqueue(
                ProductChange(productID: id, product: merged, stamp: stamp, baseStamp: current.stamp),
                previous: record, replacing: entry, into: &transaction, now: now)
        }
        return (resolution.name, [])
    }

    /// `mergeFields` of two existing states: the remote state with every field the local change wrote later,
    /// pushed as a new write over the remote state with the merged clock — or, when no local field wins, the remote
    /// state adopted as it is. A merge that fails validation adopts the remote state too.
    private func mergeFields(
        _ entry: ProductOutboxEntry, record: ProductSyncRecord?, remote current: RemoteProductRecord,
        into transaction: inout ProductLocalTransaction, now: Date
    ) async throws -> (resolution: String, decisions: [SyncFieldDecision]) {
        let change = entry.payload
        guard let local = change.product, let remote = current.product else {
            transaction.removedOutboxEntries.append(entry.operationID)
            transaction.adopt(current, now: now)
            return (ConflictResolution<Product>.keepRemote.name, [])
        }
        let merge = ProductFieldMerge(
            local: local, localClock: ProductFieldClock(of: change), remote: remote,
            remoteClock: ProductFieldClock(of: current), base: change.baseStamp)
        var merged = merge.product
        let stamp = change.stamp.successor(of: current.stamp, now: now, replica: replicaID)
        merged.version = stamp.version
        merged.updatedAt = stamp.updatedAt
        guard merge.localWon, (try? merged.validate()) != nil else {
            transaction.removedOutboxEntries.append(entry.operationID)
            transaction.adopt(current, now: now)
            return (ConflictResolution<Product>.mergeFields.name, merge.decisions)
        }
        try await queue.enqueue(
            ProductChange(
                productID: change.productID, product: merged, stamp: stamp, baseStamp: current.stamp,
                fieldClock: merge.clock.stored(for: stamp)),
            previous: record, replacing: entry, into: &transaction, now: now)
        return (ConflictResolution<Product>.mergeFields.name, merge.decisions)
    }
}
