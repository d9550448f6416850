import Foundation
import InventoryKit

/// How a product is looked up: by its id, or by a barcode that is normalized first.
public enum ProductLookup: Hashable, Sendable, CustomStringConvertible {
    /// The product id (an old id of a migrated product resolves to its canonical id).
    case productID(ProductID)
    /// A barcode in any accepted spelling, normalized with `GTIN.normalize` and resolved to its product id.
    case barcode(String)

    /// `id:…` or `barcode:…`.
    public var description: String {
        switch self {
        case .productID(let id): "id:\(id)"
        case .barcode(let raw): "barcode:\(raw)"
        }
    }
}
