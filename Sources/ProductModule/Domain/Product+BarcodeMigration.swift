import Foundation
import InventoryKit

extension Product {
    /// Moves a barcode-less product to the canonical id of a barcode it gained, keeping an alias from the old id.
    ///
    /// The returned product has every field of this one, plus the barcode; its id is the normalized barcode,
    /// its version is one higher and its `updatedAt` is `max(now, updatedAt)`. The barcode is removed from
    /// ``relatedBarcodes`` if it was listed there. Store the product, keep the alias while references to the
    /// old id migrate, then retire the old record.
    ///
    /// ```swift
    /// let (canonical, alias) = try draft.withBarcodeMigration("0 12345 67890 5", now: clock.now)
    /// alias.from == draft.productID   // "prd_…"
    /// alias.to == canonical.productID // "0012345678905"
    /// ```
    ///
    /// - Throws: ``ProductValidationError/barcodeAlreadyPresent(_:)`` when the product already has a barcode,
    ///   ``ProductValidationError/invalidBarcode(_:reason:)`` when the barcode does not normalize.
    public func withBarcodeMigration(
        _ rawBarcode: String, now: Date
    ) throws(ProductValidationError) -> (product: Product, alias: ProductAlias) {
        guard barcode == nil else { throw .barcodeAlreadyPresent(productID) }
        let newBarcode = try Barcode(rawBarcode)
        var migrated = replacingProductID(with: newBarcode.productID)
        migrated.barcode = newBarcode
        migrated.relatedBarcodes.removeAll { $0 == newBarcode.value }
        migrated.version = version + 1
        migrated.updatedAt = max(now, updatedAt)
        let alias = ProductAlias(from: productID, to: migrated.productID, createdAt: migrated.updatedAt)
        return (migrated, alias)
    }
}
