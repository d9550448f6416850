import Foundation
import ProductModule

/// The outcome of normalizing a provider's category value: the stable category and how it was found.
public struct CategoryNormalization: Hashable, Sendable {
    /// The stable category: a table row's category, or the fallback main id with the raw value as sub.
    public var category: ProductCategory
    /// The provider value given (for a tag list, the most specific tag; for a path, the whole path).
    public var rawValue: String
    /// The provider term that matched a row, or `nil` when the value passed through.
    public var matchedTerm: String?

    /// Creates a normalization.
    public init(category: ProductCategory, rawValue: String, matchedTerm: String?) {
        self.category = category
        self.rawValue = rawValue
        self.matchedTerm = matchedTerm
    }

    /// Whether no row matched and the value was kept unchanged under the fallback main id.
    public var isPassThrough: Bool { matchedTerm == nil }
}
