import Foundation

/// What kind of identifier an ``ProductIdentifier`` carries.
///
/// Encoded as a plain string (`"gtin"`, `"sku"`, …; a custom kind encodes as its own name), so stored data
/// stays readable and new kinds can be added without breaking old readers.
public enum ProductIdentifierKind: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A GS1 barcode (EAN-8, EAN-13, UPC-A, UPC-E or GTIN-14), stored normalized by ``GTIN/normalize(_:format:)``.
    case gtin
    /// A stock keeping unit assigned by a seller.
    case sku
    /// A manufacturer's serial number.
    case serialNumber
    /// The payload of a QR code.
    case qrCode
    /// The identifier of an NFC tag.
    case nfcTag
    /// A library reference, such as an ISBN, an LCCN or a shelf mark.
    case libraryReference
    /// Any other kind, named by the client.
    case custom(String)

    /// The kind's stable name, as encoded.
    public var name: String {
        switch self {
        case .gtin: "gtin"
        case .sku: "sku"
        case .serialNumber: "serialNumber"
        case .qrCode: "qrCode"
        case .nfcTag: "nfcTag"
        case .libraryReference: "libraryReference"
        case .custom(let name): name
        }
    }

    /// Creates the kind with a stable name; unknown names become ``custom(_:)``.
    public init(name: String) {
        switch name {
        case "gtin", "barcode": self = .gtin
        case "sku": self = .sku
        case "serialNumber": self = .serialNumber
        case "qrCode": self = .qrCode
        case "nfcTag": self = .nfcTag
        case "libraryReference": self = .libraryReference
        default: self = .custom(name)
        }
    }

    /// The kind's stable name.
    public var description: String { name }

    /// Decodes a kind from its name.
    public init(from decoder: any Decoder) throws {
        self.init(name: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the kind as its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
