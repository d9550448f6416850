import ProductModule

/// Fills missing fields from another provider's record of the same product, found by a lookup the client
/// supplies (a barcode API, a local dump, another catalog).
///
/// Every field the found record has and the product lacks becomes a suggestion with the strategy's confidence.
/// A lookup that fails or finds nothing gives no suggestions.
///
/// ```swift
/// let openFoodFacts = ProviderLookupStrategy(providerID: .openFoodFacts) { product in
///     guard let barcode = product.barcode?.value else { return nil }
///     let data = try await api.product(barcode)
///     return try OpenFoodFactsNormalizer().normalize(data, context: NormalizationContext(now: .now)).get()
/// }
/// ```
public struct ProviderLookupStrategy: EnrichmentStrategy {
    /// The provider whose records the lookup returns.
    public var providerID: ProviderID
    /// The confidence of every suggestion.
    public var confidence: Double
    private let lookup: @Sendable (Product) async throws -> ImportedProduct?

    /// Creates the strategy.
    public init(
        providerID: ProviderID, confidence: Double = 0.9,
        lookup: @escaping @Sendable (Product) async throws -> ImportedProduct?
    ) {
        self.providerID = providerID
        self.confidence = confidence
        self.lookup = lookup
    }

    /// Suggestions for every field the found record has and the product lacks.
    public func suggestions(for product: Product) async -> [EnrichmentSuggestion] {
        guard let found = try? await lookup(product)?.product else { return [] }
        return ProvenanceField.allKnown.filter { $0.isSet(in: found) && !$0.isSet(in: product) }.map { field in
            EnrichmentSuggestion(
                field: field, confidence: confidence, reason: "\(providerID) has it for this product",
                valueDescription: field.valueDescription(in: found) ?? ""
            ) { field.copyValue(from: found, to: &$0) }
        }
    }
}
