import ProductModule

/// The outcome of enriching one product.
public struct EnrichmentResult: Hashable, Sendable {
    /// The product with every applied value and its provenance (unchanged when nothing applied).
    public var product: Product
    /// What happened to each suggestion, in the order they were considered.
    public var decisions: [EnrichmentDecision]

    /// Creates a result.
    public init(product: Product, decisions: [EnrichmentDecision]) {
        self.product = product
        self.decisions = decisions
    }

    /// The decisions that wrote a value.
    public var applied: [EnrichmentDecision] { decisions.filter { $0.outcome == .applied } }

    /// Whether any value was written.
    public var changed: Bool { !applied.isEmpty }
}
