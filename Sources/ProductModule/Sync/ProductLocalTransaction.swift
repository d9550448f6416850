import Foundation
import InventoryKit
import InventorySync

/// Everything one local step of the product module writes, committed atomically by a ``ProductLocalStore``:
/// products, tombstones, sync records, outbox entries and the pull cursor.
public struct ProductLocalTransaction: Sendable {
    /// A product to store, with the sync state kind it is indexed under.
    public struct ProductWrite: Hashable, Sendable {
        /// The product.
        public var product: Product
        /// The sync state kind (queries filter on it).
        public var syncState: SyncStatusKind

        /// Creates a write.
        public init(product: Product, syncState: SyncStatusKind) {
            self.product = product
            self.syncState = syncState
        }
    }

    /// A new sync state kind for a stored product whose content does not change (an acknowledged or failed push).
    public struct SyncStateChange: Hashable, Sendable {
        /// The product.
        public var productID: ProductID
        /// The sync state kind it is indexed under from now on.
        public var syncState: SyncStatusKind

        /// Creates a change.
        public init(productID: ProductID, syncState: SyncStatusKind) {
            self.productID = productID
            self.syncState = syncState
        }
    }

    /// Products to create or replace.
    public var products: [ProductWrite] = []
    /// Sync state kinds to set on stored products without rewriting them, applied after ``products``; a product
    /// that is not stored (any more) is skipped.
    public var syncStateChanges: [SyncStateChange] = []
    /// Products to remove (their tombstones are in ``tombstones``).
    public var removedProducts: [ProductID] = []
    /// Tombstones to create or replace.
    public var tombstones: [ProductTombstone] = []
    /// Tombstones to remove (the product was re-created).
    public var removedTombstones: [ProductID] = []
    /// Sync records to create or replace.
    public var syncRecords: [ProductSyncRecord] = []
    /// Outbox entries to create or replace.
    public var outboxEntries: [ProductOutboxEntry] = []
    /// Outbox entries to remove (acknowledged or superseded).
    public var removedOutboxEntries: [UUID] = []
    /// The new position in the remote change feed.
    public var pullCursor: Int64?
    /// Products that must be unknown to the store when the transaction commits: no product, no tombstone and no
    /// sync record. When one is known, ``ProductLocalStore/commit(_:)`` writes nothing and throws
    /// `StorageError.preconditionFailed` naming it. ``ProductModuleService/addProducts(_:)`` commits new
    /// products this way without reading first, and reads only when the condition fails.
    public var requiredUnknown: [ProductID] = []

    /// Creates an empty transaction.
    public init() {}

    /// Whether the transaction writes nothing.
    public var isEmpty: Bool {
        products.isEmpty && syncStateChanges.isEmpty && removedProducts.isEmpty && tombstones.isEmpty && removedTombstones.isEmpty
            && syncRecords.isEmpty && outboxEntries.isEmpty && removedOutboxEntries.isEmpty && pullCursor == nil
    }
}
