import ProductModule

/// A value a strategy proposes for one field of a product, with how sure it is and why.
///
/// ```swift
/// EnrichmentSuggestion(
///     field: .manufacturer, confidence: 0.95, reason: "“Nintendo Co., Ltd.” is a known name of Nintendo",
///     valueDescription: "Nintendo") { $0.manufacturer = nintendo }
/// ```
public struct EnrichmentSuggestion: Sendable {
    /// The field the value is for.
    public let field: ProvenanceField
    /// How sure the strategy is, 0 through 1.
    public let confidence: Double
    /// Why the strategy suggests it, for people reviewing enrichments.
    public let reason: String
    /// The value as a person reads it.
    public let valueDescription: String
    private let write: @Sendable (inout Product) -> Void

    /// Creates a suggestion; `apply` writes the value into a product (and must write nothing else).
    public init(
        field: ProvenanceField, confidence: Double, reason: String, valueDescription: String,
        apply: @escaping @Sendable (inout Product) -> Void
    ) {
        self.field = field
        self.confidence = confidence.isFinite ? min(1, max(0, confidence)) : 0
        self.reason = reason
        self.valueDescription = valueDescription
        write = apply
    }

    /// The product with the suggested value written.
    public func applied(to product: Product) -> Product {
        var copy = product
        write(&copy)
        return copy
    }
}
