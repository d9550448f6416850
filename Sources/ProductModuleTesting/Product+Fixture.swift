import Foundation
import InventoryKit
import InventoryKitTesting
import ProductModule

extension Product {
    /// A new product titled `title`, for test data, made by `Product.new` at `now` (by default `Date.fixtureEpoch`):
    /// its id is the barcode's when it has one, else `id` (by default a new random one).
    ///
    /// ```swift
    /// let milk = try Product.fixture(title: "Milk", barcode: "4006381333931")
    /// ```
    ///
    /// - Throws: `ProductValidationError` for an invalid barcode or field.
    public static func fixture(
        title: String, barcode: String? = nil, brand: String? = nil, id: UUID = UUID(), now: Date = .fixtureEpoch
    ) throws(ProductValidationError) -> Product {
        try Product.new(barcode: barcode, title: title, brand: brand, id: id, now: now)
    }

    /// New product number `number`, for test data: titled `Product <number>` unless `title` says otherwise, with
    /// the id `UUID(fixtureNumber: number)` or, when `barcoded`, the barcode `GTIN.fixtureEAN13(number)` as its id.
    ///
    /// ```swift
    /// let products = try (1...3).map { try Product.fixture(number: $0) }
    /// ```
    ///
    /// - Throws: `ProductValidationError` for an invalid field.
    public static func fixture(
        number: Int, barcoded: Bool = false, title: String? = nil, brand: String? = nil, now: Date = .fixtureEpoch
    ) throws(ProductValidationError) -> Product {
        try fixture(
            title: title ?? "Product \(number)", barcode: barcoded ? GTIN.fixtureEAN13(number) : nil, brand: brand,
            id: UUID(fixtureNumber: number), now: now)
    }
}
