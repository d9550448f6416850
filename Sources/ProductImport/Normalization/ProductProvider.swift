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
}
