import Foundation
import InventoryKit
import InventorySync

/// The record that a product was deleted: it syncs like a product, so a deletion reaches every replica, and
/// its stamp lets a later re-creation of the same id win over it.
///
/// A tombstone with ``migratedTo`` is also an alias: the product got a barcode and now lives under the
/// canonical id, so old references keep resolving.
public struct ProductTombstone: StorableRecord, Hashable {
    /// The collection of tombstones in the domain metadata store.
    public static let collection: RecordCollection = "product-tombstones"

    /// The deleted product's id.
    public var productID: ProductID
    /// The stamp of the deletion.
    public var stamp: SyncStamp
    /// The canonical id the product moved to, for a barcode migration.
    public var migratedTo: ProductID?

    /// Creates a tombstone.
    public init(productID: ProductID, stamp: SyncStamp, migratedTo: ProductID? = nil) {
        self.productID = productID
        self.stamp = stamp
        self.migratedTo = migratedTo
    }

    /// When the product was deleted.
    public var deletedAt: Date { stamp.updatedAt }

    /// The key: the product id.
    public var recordID: RecordID { productID.recordID }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case productID = "productId", stamp, migratedTo
    }
}
