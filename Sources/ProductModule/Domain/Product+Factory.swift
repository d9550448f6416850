import Foundation
import InventoryKit

extension Product {
    /// Creates a new product, applying the identity rule: with a barcode its id is the normalized barcode,
    /// without one it is ``ProductID/generated(_:)`` of `id`.
    ///
    /// The product starts at version 1 with `createdAt` and `updatedAt` set to `now`, and is validated.
    ///
    /// ```swift
    /// let milk = try Product.new(barcode: "0 12345 67890 5", title: "Milk", id: UUID(), now: clock.now)
    /// milk.productID.rawValue   // "0012345678905"
    /// ```
    ///
    /// - Parameters:
    ///   - rawBarcode: The scanned or typed barcode, or `nil` for a product without one.
    ///   - symbology: How the barcode was read; inferred from its digits when `nil`.
    ///   - title: The product's name.
    ///   - brand: The brand.
    ///   - shortDescription: A one-line description.
    ///   - category: The main and sub category.
    ///   - productDetails: Food, household, personal-care or collectible details.
    ///   - packaging: The package's quantity, unit and kind.
    ///   - source: Where the product came from (typed by hand by default).
    ///   - status: Active unless said otherwise.
    ///   - id: The UUID a barcode-less product's id is made from (inject it, for deterministic tests).
    ///   - now: The creation time.
    /// - Throws: ``ProductValidationError/invalidBarcode(_:reason:)`` or
    ///   ``ProductValidationError/barcodeSymbologyMismatch(_:symbology:)`` for a bad barcode, and the errors of
    ///   ``validate()`` for bad field values.
    public static func new(
        barcode rawBarcode: String?, symbology: BarcodeSymbology? = nil, title: String? = nil,
        brand: String? = nil, shortDescription: String? = nil, category: ProductCategory? = nil,
        productDetails: ProductDetails? = nil, packaging: ProductPackaging? = nil, source: ProductSource = .manual,
        status: ProductStatus = .active, id: UUID, now: Date
    ) throws(ProductValidationError) -> Product {
        let barcode = try rawBarcode.map { raw throws(ProductValidationError) in
            try Barcode(raw, symbology: symbology)
        }
        let product = Product(
            productID: barcode?.productID ?? .generated(id), barcode: barcode, title: title, brand: brand,
            shortDescription: shortDescription, category: category, productDetails: productDetails,
            packaging: packaging, source: source, status: status, createdAt: now, updatedAt: now, version: 1)
        try product.validate()
        return product
    }
}
