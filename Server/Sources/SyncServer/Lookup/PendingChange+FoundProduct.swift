import Foundation
import InventoryKit
import InventorySync
import ProductModule

extension PendingChange {
    /// The change that adds a product found on Open Food Facts to a household's catalog, as a device's
    /// `addProducts` would push it: a new product (version one, no base stamp), authored by the replica that books
    /// the purchase (a member's `web:<member id>`, the replica of every web write), its op id derived from the form's
    /// submission so a double submit writes it once.
    ///
    /// The server stores it like any pushed product (the kit's `ProductPushRule` through ``ChangeRules``), so every
    /// device pulls the record — title, brand, barcode and Open Food Facts' provenance — on its next sync, and the
    /// household's views name the product by its title.
    static func foundProduct(_ found: Product, by author: some CommandAuthor, submission: UUID, now: Date) -> PendingChange {
        let stamp = SyncStamp(
            updatedAt: max(now, found.createdAt), version: 1, replicaID: ReplicaID(author.replicaName))
        var product = found
        product.version = stamp.version
        product.updatedAt = stamp.updatedAt
        product.createdAt = min(found.createdAt, stamp.updatedAt)
        let opID = InventoryIDGenerator.uuidV5(namespace: submission, name: "web-product")
        let change = ProductChange(productID: product.productID, product: product, stamp: stamp, baseStamp: nil)
        return PendingChange(
            opID: opID, entityID: product.productID.rawValue,
            content: .product(ProductPushRequest(operationID: opID, change: change)))
    }
}
