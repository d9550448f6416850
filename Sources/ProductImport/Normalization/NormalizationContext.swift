import Foundation

/// What a normalizer needs besides the record: the time, the category table and the limits.
///
/// ```swift
/// let context = NormalizationContext(now: clock.now())
/// let result = OpenFoodFactsNormalizer().normalize(data, context: context)
/// ```
public struct NormalizationContext: Sendable {
    /// The import time: the products' creation time and the provenance's `recordedAt`.
    public var now: Date
    /// Maps provider categories to stable category ids.
    public var categories: CategoryNormalizer
    /// Size bounds for records, texts and lists.
    public var limits: ImportLimits

    /// Creates a context; the categories default to ``CategoryMappingTable/standard``.
    public init(now: Date, categories: CategoryNormalizer = CategoryNormalizer(), limits: ImportLimits = .standard) {
        self.now = now
        self.categories = categories
        self.limits = limits
    }
}
