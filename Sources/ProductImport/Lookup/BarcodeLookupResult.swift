import InventoryKit
import ProductModule

/// What a ``BarcodeLookup`` found for a barcode.
public enum BarcodeLookupResult: Hashable, Sendable, CustomStringConvertible {
    /// The remote has a record for the barcode; it is normalized and carries the raw response.
    case found(LookedUpRecord)
    /// The remote does not know the barcode (Open Food Facts: `status: 0`, or HTTP 404).
    case notFound(GTIN)
    /// The remote refused for now (HTTP 429) and retries did not help; `retryAfter` is its `Retry-After` in
    /// seconds, when it sent one.
    case rateLimited(GTIN, retryAfter: Double?)
    /// No usable answer: a timeout, a server error, a body cut short or malformed, or no connection.
    case unavailable(GTIN, LookupUnavailableReason)

    /// The barcode looked up.
    public var barcode: GTIN {
        switch self {
        case .found(let record): record.barcode
        case .notFound(let code), .rateLimited(let code, _), .unavailable(let code, _): code
        }
    }

    /// One line, such as `3029330003533 not found`.
    public var description: String {
        switch self {
        case .found(let record): "\(record.barcode) found at \(record.provider): \(record.imported.product.title ?? "(no title)")"
        case .notFound(let code): "\(code) not found"
        case .rateLimited(let code, let after?): "\(code) rate limited, retry after \(after) s"
        case .rateLimited(let code, nil): "\(code) rate limited"
        case .unavailable(let code, let reason): "\(code) unavailable: \(reason)"
        }
    }
}
