import Foundation
import InventoryKit

/// Why a product, its id or its barcode is not valid. Every case names what was wrong, so the message reads
/// well on its own.
public enum ProductValidationError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// A product id was empty.
    case emptyProductID
    /// A product id was too long or held whitespace or a control character (the id is cut to 80 characters).
    case invalidProductID(String, reason: String)
    /// A barcode did not normalize to a valid GTIN (the input is cut to 80 characters).
    case invalidBarcode(String, reason: GTINError)
    /// Valid GTIN digits cannot be of the symbology given, such as 13 digits called EAN-8.
    case barcodeSymbologyMismatch(String, symbology: BarcodeSymbology)
    /// A product with a barcode has another id than the barcode's canonical digits.
    case barcodeMismatch(productID: ProductID, barcode: String)
    /// A field holds a value the rules reject.
    case invalidField(ProductField, reason: String)
    /// An update tried to change a product's id.
    case immutableProductID(ProductID, attempted: ProductID)
    /// An update's `updatedAt` is before the stored product's.
    case nonMonotonicUpdatedAt(productID: ProductID, previous: Date, proposed: Date)
    /// An update tried to change a product's `createdAt`.
    case createdAtChanged(ProductID)
    /// A barcode migration was asked of a product that already has a barcode.
    case barcodeAlreadyPresent(ProductID)

    /// A sentence naming the product, field or input and what was wrong.
    public var description: String {
        switch self {
        case .emptyProductID:
            "invalid product id: the id is empty"
        case .invalidProductID(let id, let reason):
            "invalid product id \"\(id)\": \(reason)"
        case .invalidBarcode(let raw, let reason):
            "invalid barcode \"\(raw)\": \(reason)"
        case .barcodeSymbologyMismatch(let value, let symbology):
            "barcode \(value) cannot be a \(symbology.rawValue) code"
        case .barcodeMismatch(let productID, let barcode):
            "product \(productID) has barcode \(barcode), but a product with a barcode must have the barcode as its id"
        case .invalidField(let field, let reason):
            "invalid \(field.rawValue): \(reason)"
        case .immutableProductID(let productID, let attempted):
            "product \(productID) cannot change its id to \(attempted)"
        case .nonMonotonicUpdatedAt(let productID, let previous, let proposed):
            "product \(productID) cannot move updatedAt back from \(Self.format(previous)) to \(Self.format(proposed))"
        case .createdAtChanged(let productID):
            "product \(productID) cannot change its createdAt"
        case .barcodeAlreadyPresent(let productID):
            "product \(productID) already has a barcode; only a barcode-less product migrates to one"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    private static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
