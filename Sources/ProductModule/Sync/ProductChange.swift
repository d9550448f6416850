import Foundation
import InventoryKit
import InventorySync

/// One change of one product as it travels to the remote: the new state (or a deletion) with its stamp and the
/// remote stamp it was based on.
public struct ProductChange: OutboxPayload, Hashable {
    /// The products' outbox collection in the user metadata store.
    public static let outboxCollection: RecordCollection = "product-outbox"

    /// The product the change is about.
    public var productID: ProductID
    /// The new state, or `nil` for a deletion.
    public var product: Product?
    /// The stamp of this write.
    public var stamp: SyncStamp
    /// The remote stamp the change was made on top of, or `nil` when the product was new to this replica.
    public var baseStamp: SyncStamp?
    /// For a deletion caused by a barcode migration: the product's new, canonical id.
    public var migratedTo: ProductID?
    /// The stamp of each field's last write, for a field-by-field merge; `nil` when every field was written at
    /// ``stamp`` (a new product, a deletion, a change of an earlier version).
    public var fieldClock: ProductFieldClock?

    /// Creates a change.
    public init(
        productID: ProductID, product: Product?, stamp: SyncStamp, baseStamp: SyncStamp?, migratedTo: ProductID? = nil,
        fieldClock: ProductFieldClock? = nil
    ) {
        self.productID = productID
        self.product = product
        self.stamp = stamp
        self.baseStamp = baseStamp
        self.migratedTo = migratedTo
        self.fieldClock = fieldClock
    }

    /// Whether the change deletes the product.
    public var isDeletion: Bool { product == nil }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case productID = "productId", product, stamp, baseStamp, migratedTo, fieldClock
    }
}

/// A queued product change.
public typealias ProductOutboxEntry = OutboxEntry<ProductChange>
