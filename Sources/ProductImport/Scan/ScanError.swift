import InventoryKit
import ProductModule

/// Why ``ProductScanService`` could not answer a scan.
public enum ScanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The scanned text is not a valid barcode.
    case invalidBarcode(String, GTINError)
    /// The record found could not be stored: the catalog refused it or it is damaged; nothing was stored.
    case rejected(GTIN, ImportRejection)
    /// The catalog's storage failed; nothing was stored.
    case storageFailed(GTIN, reason: String)

    /// One line naming the barcode and the reason.
    public var description: String {
        switch self {
        case .invalidBarcode(let input, let error): "\"\(input.prefix(64))\" is not a barcode: \(error)"
        case .rejected(let code, let rejection): "\(code) could not be stored: \(rejection)"
        case .storageFailed(let code, let reason): "\(code) could not be stored: \(reason)"
        }
    }
}
