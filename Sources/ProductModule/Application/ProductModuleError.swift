import Foundation
import InventoryKit
import InventorySync

/// Why a product module command was refused. Nothing was written when one is thrown.
public enum ProductModuleError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// A product failed validation.
    case invalidProduct(ProductID?, ProductValidationError)
    /// A lookup's barcode did not normalize.
    case invalidBarcode(String, GTINError)
    /// A product with this id already exists.
    case alreadyExists(ProductID)
    /// No product with this id exists (it may have been deleted).
    case notFound(ProductID)
    /// The same product id appears twice in one batch.
    case duplicateInBatch(ProductID)
    /// An update was made from an older version than the stored one.
    case staleVersion(ProductID, stored: Int, submitted: Int)
    /// A barcode added to a product already identifies another product.
    case barcodeAlreadyAssigned(barcode: String, to: ProductID)
    /// A barcode-bearing product's barcode cannot be changed: its id is the barcode.
    case barcodeChangeNotAllowed(ProductID)

    /// A message naming the product and what was wrong.
    public var description: String {
        switch self {
        case .invalidProduct(let id, let error): "invalid product\(id.map { " \($0)" } ?? ""): \(error)"
        case .invalidBarcode(let raw, let error): "invalid barcode \"\(raw.prefix(64))\": \(error)"
        case .alreadyExists(let id): "product \(id) already exists"
        case .notFound(let id): "product \(id) does not exist"
        case .duplicateInBatch(let id): "product \(id) appears more than once in the batch"
        case .staleVersion(let id, let stored, let submitted):
            "product \(id) was changed since it was read: stored version \(stored), update made from version \(submitted)"
        case .barcodeAlreadyAssigned(let barcode, let id): "barcode \(barcode) already identifies product \(id)"
        case .barcodeChangeNotAllowed(let id): "product \(id) is identified by its barcode, which cannot change"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
