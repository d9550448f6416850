import ProductModule

/// A source of suggestions for a product's missing fields: a lookup in another provider, or an inference.
///
/// Implementers return suggestions for any field; ``EnrichmentService`` decides which to apply (only empty
/// fields, never a person's, at or above its minimum confidence) and records the strategy's `providerID` in
/// provenance. A strategy must not fail: when it knows nothing it returns no suggestions.
///
/// ```swift
/// struct ShelfLifeStrategy: EnrichmentStrategy {
///     var providerID: ProviderID { "inferred.shelf-life" }
///     func suggestions(for product: Product) async -> [EnrichmentSuggestion] { … }
/// }
/// ```
public protocol EnrichmentStrategy: Sendable {
    /// The provider recorded in provenance for values this strategy fills. No default.
    var providerID: ProviderID { get }

    /// Suggestions for the product, each for one field. No default.
    func suggestions(for product: Product) async -> [EnrichmentSuggestion]
}
