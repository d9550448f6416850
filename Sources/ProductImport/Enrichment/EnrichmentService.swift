import Foundation
import InventoryKit
import ProductModule

/// Fills missing fields of existing products from enrichment strategies, never overwriting a value.
///
/// For each strategy in order, each suggestion (most confident first) is applied only when:
/// - its confidence is at least `minimumConfidence`;
/// - the field is not a person's — set by hand, or cleared by hand (``ProductProvenance/owner(of:in:)``);
/// - the field is empty (a suggestion never replaces a value, not even an inferred one);
/// - applying it fills that field and changes no other.
///
/// Applied values are recorded in provenance with the strategy's provider id and confidence, and the strategy
/// joins the contributors. Later strategies see the values earlier ones filled.
///
/// ```swift
/// let enrichment = EnrichmentService()   // manufacturer aliases, system requirements by platform and year
/// let result = await enrichment.enrich(product)
/// result.applied   // [manufacturer ← Nintendo (0.95, inferred.manufacturer-aliases): applied]
/// ```
public struct EnrichmentService: Sendable {
    /// The strategies, asked in order.
    public var strategies: [any EnrichmentStrategy]
    /// The lowest confidence applied.
    public var minimumConfidence: Double
    /// The source of the enrichment time.
    public var clock: InventoryClock

    /// Creates a service; by default with ``ManufacturerAliasStrategy`` and ``SystemRequirementsInferenceStrategy``.
    public init(
        strategies: [any EnrichmentStrategy] = [ManufacturerAliasStrategy(), SystemRequirementsInferenceStrategy()],
        minimumConfidence: Double = 0.5, clock: InventoryClock = .system
    ) {
        self.strategies = strategies
        self.minimumConfidence = minimumConfidence
        self.clock = clock
    }

    /// Enriches a product in memory.
    public func enrich(_ product: Product) async -> EnrichmentResult {
        let now = clock.now()
        let original = product
        let originalProvenance = product.effectiveProvenance
        var current = product
        var provenance = originalProvenance
        var decisions: [EnrichmentDecision] = []
        for strategy in strategies {
            let suggestions = await strategy.suggestions(for: current).sorted { $0.confidence > $1.confidence }
            for suggestion in suggestions {
                var decision = EnrichmentDecision(
                    provider: strategy.providerID, field: suggestion.field, confidence: suggestion.confidence,
                    reason: suggestion.reason, valueDescription: suggestion.valueDescription, outcome: .applied)
                decision.outcome = outcome(of: suggestion, on: current, original: original, provenance: originalProvenance)
                if decision.outcome == .applied {
                    current = suggestion.applied(to: current)
                    provenance.fields[suggestion.field] = FieldProvenance(
                        provider: strategy.providerID, recordedAt: now, confidence: suggestion.confidence,
                        valueHash: suggestion.field.valueHash(in: current))
                    provenance.addContributor(strategy.providerID)
                }
                decisions.append(decision)
            }
        }
        if decisions.contains(where: { $0.outcome == .applied }) { current.provenance = provenance }
        return EnrichmentResult(product: current, decisions: decisions)
    }

    /// Enriches a stored product and writes it back when anything was filled.
    ///
    /// - Returns: the result (with the product as stored), or `nil` when there is no such product.
    /// - Throws: the errors of `ProductModuleService/retrieveProduct(by:)` and
    ///   `ProductModuleService/updateProducts(_:)` (`ProductModuleError`, storage errors).
    public func enrich(_ id: ProductID, in products: ProductModuleService) async throws -> EnrichmentResult? {
        guard let stored = try await products.retrieveProduct(by: .productID(id)) else { return nil }
        var result = await enrich(stored)
        guard result.changed else { return result }
        let written = try await products.updateProducts([result.product])
        if let product = written.updated.first { result.product = product }
        return result
    }

    private func outcome(
        of suggestion: EnrichmentSuggestion, on current: Product, original: Product, provenance: ProductProvenance
    ) -> EnrichmentDecision.Outcome {
        let field = suggestion.field
        guard suggestion.confidence >= minimumConfidence else { return .belowMinimumConfidence }
        if provenance.owner(of: field, in: original)?.isUser == true { return .userOwned }
        guard !field.isSet(in: current) else { return .fieldAlreadySet }
        let candidate = suggestion.applied(to: current)
        guard field.isSet(in: candidate) else { return .rejected }
        guard ProvenanceField.allKnown.allSatisfy({ $0 == field || $0.hasSameValue(in: candidate, as: current) }),
            candidate.productID == current.productID, candidate.barcode == current.barcode,
            candidate.attributes == current.attributes
        else { return .rejected }
        return .applied
    }
}
