import Foundation

/// A source of product records and the normalizer that turns each into a canonical product.
///
/// Implementers guarantee that `normalize(_:context:)` never crashes and never throws on any input: a record is
/// returned with what was valid plus warnings, or rejected with a typed reason. Normalizing the same record
/// with the same context gives the same product, so a re-import is recognized as unchanged.
///
/// ```swift
/// struct MyFeed: ProductProvider {
///     var providerID: ProviderID { "my-feed" }
///     func normalize(_ record: MyRow, context: NormalizationContext) -> Result<ImportedProduct, ImportRejection> { … }
/// }
/// let report = try await importService.importRecords(rows, from: MyFeed())
/// ```
public protocol ProductProvider: Sendable {
    /// The provider's raw record: bytes, a CSV row, a DTO.
    associatedtype Record: Sendable

    /// The provider recorded in provenance. No default.
    var providerID: ProviderID { get }

    /// Normalizes one record. No default.
    func normalize(_ record: Record, context: NormalizationContext) -> Result<ImportedProduct, ImportRejection>

    /// A digest of the raw record and of every setting of the provider that shapes its normalization (see
    /// ``SourceFingerprinter``), or `nil`. Equal fingerprints must mean equal normalized products: the
    /// ``ImportService`` skips a record whose fingerprint the catalog's product still carries (it was imported from
    /// these very bytes and nothing wrote it since), without normalizing it. Defaults to `nil`: every record is
    /// normalized.
    func sourceFingerprint(of record: Record) -> String?
}

extension ProductProvider {
    /// The default: no fingerprint, so every record is normalized and merged.
    public func sourceFingerprint(of record: Record) -> String? { nil }
}
