import Foundation
import InventoryKit
import InventorySync

/// The sync metadata of one product, kept apart from the product itself (in the user metadata store).
public struct ProductSyncRecord: StorableRecord, Hashable {
    /// The collection of sync records in the user metadata store.
    public static let collection: RecordCollection = "product-sync"

    /// The product.
    public var productID: ProductID
    /// Where the product stands in sync.
    public var status: SyncStatus
    /// The stamp of the local state (product or tombstone).
    public var stamp: SyncStamp
    /// The remote stamp the local state is based on; `nil` when the remote never had the product.
    public var baseStamp: SyncStamp?
    /// When the product last matched the remote.
    public var lastSyncedAt: Date?
    /// The operation of the pending outbox entry, if any.
    public var pendingOperationID: UUID?
    /// The stamp of each field's last write in the local state; `nil` when every field was written at ``stamp``.
    public var fieldClock: ProductFieldClock?

    /// Creates a sync record.
    public init(
        productID: ProductID, status: SyncStatus, stamp: SyncStamp, baseStamp: SyncStamp?, lastSyncedAt: Date? = nil,
        pendingOperationID: UUID? = nil, fieldClock: ProductFieldClock? = nil
    ) {
        self.fieldClock = fieldClock
        self.productID = productID
        self.status = status
        self.stamp = stamp
        self.baseStamp = baseStamp
        self.lastSyncedAt = lastSyncedAt
        self.pendingOperationID = pendingOperationID
    }

    /// The key: the product id.
    public var recordID: RecordID { productID.recordID }

    /// Indexed by status kind.
    public var indexedFields: [String: FieldValue] { ["status": .string(status.kind.rawValue)] }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case productID = "productId", status, stamp, baseStamp, lastSyncedAt, pendingOperationID, fieldClock
    }
}

extension ProductSyncRecord {
    /// The clock of the local state: its own, or every field written at ``stamp``.
    public var resolvedFieldClock: ProductFieldClock {
        fieldClock ?? ProductFieldClock(base: stamp)
    }

    /// Whether the product may have an outbox entry: the record names one, or it is not synced (records written
    /// before they named their pending operation).
    public var mayHavePendingEntry: Bool {
        pendingOperationID != nil || status.kind != .synced
    }
}
