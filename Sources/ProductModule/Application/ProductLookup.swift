import Foundation
import InventoryKit

/// How a product is looked up: by its id, or by a barcode that is normalized first.
public enum ProductLookup: Hashable, Sendable, CustomStringConvertible {
    /// The product id (an old id of a migrated product resolves to its canonical id).
    case productID(ProductID)
    /// A barcode in any accepted spelling, normalized with `GTIN.normalize(_:format:)` and resolved to its product
    /// id; pass `format: .upcE` for a zero-suppressed UPC-E code as a scanner reports it.
    ///
    /// ```swift
    /// try await products.retrieveProduct(by: .barcode("0 36000 29145 2"))
    /// try await products.retrieveProduct(by: .barcode("04252614", format: .upcE))   // UPC-A 042100005264
    /// ```
    case barcode(String, format: GTINInputFormat = .automatic)

    /// `id:…`, `barcode:…` or `upc-e:…`.
    public var description: String {
        switch self {
        case .productID(let id): "id:\(id)"
        case .barcode(let raw, .automatic): "barcode:\(raw)"
        case .barcode(let raw, .upcE): "upc-e:\(raw)"
        }
    }
}
