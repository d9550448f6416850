import Foundation
import InventoryKit
import InventorySync

extension ProductLocalTransaction {
    /// Adds the writes that make the local product equal to a remote record: the product (synced) or its
    /// tombstone, and a synced sync record at the remote stamp.
    mutating func adopt(_ record: RemoteProductRecord, now: Date) {
        if let product = record.product {
            products.append(.init(product: product, syncState: .synced))
            removedTombstones.append(record.productID)
        } else {
            removedProducts.append(record.productID)
            tombstones.append(ProductTombstone(productID: record.productID, stamp: record.stamp, migratedTo: record.migratedTo))
        }
        syncRecords.append(
            ProductSyncRecord(
                productID: record.productID, status: .synced, stamp: record.stamp, baseStamp: record.stamp,
                lastSyncedAt: now, fieldClock: record.fieldClock))
    }

    /// Adds a change to the outbox with the writes that go with it: the entry (replacing a pending one, whose
    /// operation it remembers as superseded), the sync record naming it, and the product at its new sync state.
    mutating func enqueue(
        _ change: ProductChange, as entry: ProductOutboxEntry, previous: ProductSyncRecord?, replacing pending: ProductOutboxEntry?
    ) {
        var entry = entry
        if let pending {
            entry = pending.superseded(by: entry)
            removedOutboxEntries.append(pending.operationID)
        }
        outboxEntries.append(entry)
        let status: SyncStatus = change.isDeletion ? .pendingDelete : .pendingUpsert
        syncRecords.append(
            ProductSyncRecord(
                productID: change.productID, status: status, stamp: change.stamp, baseStamp: change.baseStamp,
                lastSyncedAt: previous?.lastSyncedAt, pendingOperationID: entry.operationID, fieldClock: change.fieldClock))
        if let product = change.product {
            products.append(.init(product: product, syncState: status.kind))
        }
    }
}
