import InventoryKit
import ProductModule

/// Suggests a product's manufacturer from the names it carries — the manufacturer's own spelling, the publisher,
/// the developer, the brand — through a ``ManufacturerAliasTable``.
///
/// The best match across those names is suggested, with the table's confidence (a brand counts as the brand's
/// owner at 0.7). The service applies it only when the product has no manufacturer.
public struct ManufacturerAliasStrategy: EnrichmentStrategy {
    /// The provider recorded in provenance.
    public var providerID: ProviderID
    /// The known manufacturers.
    public var table: ManufacturerAliasTable

    /// Creates the strategy.
    public init(providerID: ProviderID = "inferred.manufacturer-aliases", table: ManufacturerAliasTable = .standard) {
        self.providerID = providerID
        self.table = table
    }

    /// At most one suggestion: the most confident known manufacturer for the product's names.
    public func suggestions(for product: Product) async -> [EnrichmentSuggestion] {
        let names: [(label: String, name: String?)] = [
            ("manufacturer", product.manufacturer?.name), ("publisher", product.publisher),
            ("developer", product.developer), ("brand", product.brand),
        ]
        var best: (suggestion: ManufacturerSuggestion, label: String, name: String)?
        for (label, name) in names {
            guard let name, let found = table.suggestions(for: name).first else { continue }
            if found.confidence > (best?.suggestion.confidence ?? 0) { best = (found, label, name) }
        }
        guard let best else { return [] }
        let manufacturer = best.suggestion.manufacturer
        return [
            EnrichmentSuggestion(
                field: .manufacturer, confidence: best.suggestion.confidence,
                reason: "the \(best.label) “\(best.name)” matches “\(best.suggestion.matchedName)”, a known name of \(manufacturer.name)",
                valueDescription: manufacturer.name
            ) { $0.manufacturer = manufacturer }
        ]
    }
}
