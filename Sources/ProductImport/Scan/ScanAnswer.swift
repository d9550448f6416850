import InventoryKit
import ProductModule

/// What ``ProductScanService`` answered for a scanned barcode.
public enum ScanAnswer: Hashable, Sendable, CustomStringConvertible {
    /// The local catalog has the product; nothing was asked.
    case inCatalog(Product)
    /// A record was found and stored in the catalog: `created` is `false` when it was merged into a stored product
    /// (a refresh), `changed` whether that merge changed anything.
    case stored(Product, source: ScanSource, created: Bool, changed: Bool)
    /// The lookup does not know the barcode; nothing was stored.
    case notFound(GTIN)
    /// The lookup refused for now and nothing was cached; nothing was stored.
    case rateLimited(GTIN, retryAfter: Double?)
    /// The lookup got no usable answer and nothing was cached (``ScanMode/offline`` with nothing cached says
    /// ``LookupUnavailableReason/offline(reason:)``); nothing was stored.
    case unavailable(GTIN, LookupUnavailableReason)

    /// The product, when the scan has one.
    public var product: Product? {
        switch self {
        case .inCatalog(let product), .stored(let product, _, _, _): product
        case .notFound, .rateLimited, .unavailable: nil
        }
    }

    /// One line, such as `3029330003533 stored from lookup http://…: Crousti Moelleux`.
    public var description: String {
        switch self {
        case .inCatalog(let product): "\(product.productID) in the catalog: \(product.title ?? "(no title)")"
        case .stored(let product, let source, let created, _):
            "\(product.productID) \(created ? "stored" : "refreshed") from \(source): \(product.title ?? "(no title)")"
        case .notFound(let code): "\(code) not found"
        case .rateLimited(let code, let after?): "\(code) rate limited, retry after \(after) s"
        case .rateLimited(let code, nil): "\(code) rate limited"
        case .unavailable(let code, let reason): "\(code) unavailable: \(reason)"
        }
    }
}
