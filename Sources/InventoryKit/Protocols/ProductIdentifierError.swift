import Foundation

/// Why an ``ProductIdentifier`` could not be made.
public enum ProductIdentifierError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The value was empty or only whitespace.
    case emptyValue(kind: ProductIdentifierKind)
    /// The value was longer than ``ProductIdentifier/maximumLength`` UTF-8 bytes.
    case tooLong(kind: ProductIdentifierKind, length: Int)
    /// A barcode did not normalize as a GTIN.
    case invalidBarcode(raw: String, reason: GTINError)

    /// A message naming the kind and what was wrong.
    public var description: String {
        switch self {
        case .emptyValue(let kind):
            "\(kind.name) identifier is empty"
        case .tooLong(let kind, let length):
            "\(kind.name) identifier is \(length) bytes long (at most \(ProductIdentifier.maximumLength))"
        case .invalidBarcode(let raw, let reason):
            "invalid barcode \"\(raw.prefix(64))\": \(reason)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
