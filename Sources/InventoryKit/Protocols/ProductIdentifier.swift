import Foundation

/// A typed identifier of a product: a barcode, a SKU, a serial number, a QR or NFC payload, a library reference.
///
/// The value is validated when the identifier is made: it is trimmed, must not be empty, and a ``ProductIdentifierKind/gtin``
/// value is stored in the canonical form of ``GTIN/normalize(_:format:)``, so two spellings of one barcode compare
/// equal. Decoding validates the same way, so a stored identifier is always valid.
///
/// ```swift
/// let barcode = try ProductIdentifier(.gtin, "0 12345 67890 5")   // value "0012345678905"
/// let serial = try ProductIdentifier(.serialNumber, "A2S-19940")
/// ```
public struct ProductIdentifier: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The largest value accepted, in UTF-8 bytes.
    public static let maximumLength = 4096

    /// What kind of identifier this is.
    public let kind: ProductIdentifierKind
    /// The validated value (for ``ProductIdentifierKind/gtin``, the canonical digits).
    public let value: String

    /// Creates a validated identifier.
    ///
    /// - Throws: ``ProductIdentifierError/emptyValue(kind:)`` when the value is blank,
    ///   ``ProductIdentifierError/tooLong(kind:length:)`` past ``maximumLength`` bytes, and
    ///   ``ProductIdentifierError/invalidBarcode(raw:reason:)`` when a GTIN does not normalize.
    public init(_ kind: ProductIdentifierKind, _ value: String) throws(ProductIdentifierError) {
        let length = value.utf8.count
        guard length <= Self.maximumLength else { throw .tooLong(kind: kind, length: length) }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .emptyValue(kind: kind) }
        if kind == .gtin {
            do {
                self.value = try GTIN.normalize(trimmed)
            } catch {
                throw .invalidBarcode(raw: value, reason: error)
            }
        } else {
            self.value = trimmed
        }
        self.kind = kind
    }

    /// Creates a barcode identifier from any accepted GTIN spelling.
    ///
    /// - Throws: ``ProductIdentifierError/invalidBarcode(raw:reason:)`` when the barcode does not normalize.
    public static func gtin(_ raw: String) throws(ProductIdentifierError) -> ProductIdentifier {
        try ProductIdentifier(.gtin, raw)
    }

    /// `kind:value`, for logs and messages.
    public var description: String { "\(kind.name):\(value)" }

    private enum CodingKeys: String, CodingKey {
        case kind, value
    }

    /// Decodes and validates an identifier; an invalid value is a `DecodingError.dataCorrupted` naming the reason.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(ProductIdentifierKind.self, forKey: .kind)
        let value = try container.decode(String.self, forKey: .value)
        do {
            self = try ProductIdentifier(kind, value)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .value, in: container, debugDescription: error.description)
        }
    }

    /// Encodes the identifier as `{"kind": …, "value": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(value, forKey: .value)
    }
}
