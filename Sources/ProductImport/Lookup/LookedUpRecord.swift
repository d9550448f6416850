import Foundation
import InventoryKit

/// A record a ``BarcodeLookup`` found: the normalized product and the raw response it came from.
public struct LookedUpRecord: Hashable, Sendable {
    /// The barcode looked up.
    public var barcode: GTIN
    /// The provider that answered (recorded in the product's provenance).
    public var provider: ProviderID
    /// The normalized record, with its per-field provenance and warnings.
    public var imported: ImportedProduct
    /// The response body as received, for a cache or an audit.
    public var body: Data
    /// Where it came from (the request URL, or a cache key).
    public var source: String

    /// Creates a record.
    public init(barcode: GTIN, provider: ProviderID, imported: ImportedProduct, body: Data, source: String) {
        self.barcode = barcode
        self.provider = provider
        self.imported = imported
        self.body = body
        self.source = source
    }
}
