import InventoryKit

/// The port to a product database that answers a barcode with a record: Open Food Facts
/// (``OpenFoodFactsClient``), a local mirror, or a fake in tests.
///
/// ## Implementer obligations
/// - Never throw for what the remote answered or failed to answer: every outcome is a ``BarcodeLookupResult``.
/// - Safe to call concurrently; keep to the remote's rate limits across concurrent calls.
/// - Return ``BarcodeLookupResult/found(_:)`` only with a record the provider's normalizer accepted.
public protocol BarcodeLookup: Sendable {
    /// Looks one barcode up.
    ///
    /// - Parameter barcode: A validated barcode in canonical form (`GTIN`), as Open Food Facts stores it.
    /// - Returns: what the remote said: found, not found, rate limited, or unavailable with the reason.
    func lookUp(_ barcode: GTIN) async -> BarcodeLookupResult
}
