import Foundation
import InventoryKit
import InventorySync

/// Everything the write commands check about one product before they change it: the product, its tombstone,
/// its sync record and its pending outbox entry, read together by ``ProductStore/localStates(_:)``.
public struct ProductLocalState: Sendable, Hashable {
    /// The stored product, or `nil`.
    public var product: Product?
    /// The tombstone of a deleted or migrated product, or `nil`.
    public var tombstone: ProductTombstone?
    /// The product's sync record, or `nil` when it has none.
    public var syncRecord: ProductSyncRecord?
    /// The product's pending outbox entry (quarantined ones included), or `nil`.
    public var pendingEntry: ProductOutboxEntry?

    /// Creates a state; the defaults describe a product the store has never seen.
    public init(
        product: Product? = nil, tombstone: ProductTombstone? = nil, syncRecord: ProductSyncRecord? = nil,
        pendingEntry: ProductOutboxEntry? = nil
    ) {
        self.product = product
        self.tombstone = tombstone
        self.syncRecord = syncRecord
        self.pendingEntry = pendingEntry
    }
}
