import Foundation
import ProductModule

/// Maps provider category values — Open Food Facts tags, `A / B / C` paths, free text — to stable category ids
/// through a ``CategoryMappingTable``.
///
/// Terms match whatever their spelling: language prefixes (`en:`), case, diacritics, punctuation and plurals
/// (`"en:Dairies"` is `"dairy"`). A path (`"Fiction / Science Fiction / General"`, `"Food > Dairy"`) and an
/// ordered tag list (Open Food Facts' `categories_tags`, general to specific) resolve to their most specific
/// matching term; a term with a sub id beats one with only a main id. A value no row matches passes through
/// unchanged as `ProductCategory(main: fallbackMain, sub: value)`: nothing is lost.
///
/// ```swift
/// let categories = CategoryNormalizer()
/// categories.normalize("en:dairies").category            // food / dairy
/// categories.normalize("Fiction / Science Fiction / General").category   // books / science-fiction
/// categories.normalize("Quantum Literature").category    // other / "Quantum Literature"
/// ```
public struct CategoryNormalizer: Sendable {
    /// The table in use.
    public let table: CategoryMappingTable
    private let index: [String: ProductCategory]
    private let ignored: Set<String>

    /// Creates a normalizer over a table (by default ``CategoryMappingTable/standard``).
    public init(table: CategoryMappingTable = .standard) {
        self.table = table
        var index: [String: ProductCategory] = [:]
        for mapping in table.mappings {
            for term in mapping.terms {
                let key = CategoryTerm.key(term)
                if !key.isEmpty { index[key] = mapping.category }
            }
        }
        self.index = index
        ignored = Set(table.ignoredTerms.map(CategoryTerm.key))
    }

    /// The category of one term, or `nil` when no row lists it.
    public func category(forTerm term: String) -> ProductCategory? {
        index[CategoryTerm.key(term)]
    }

    /// Normalizes one value: a term, or a path whose segments are separated by `/`, `>`, `|` or `»`.
    ///
    /// - Returns: the most specific matching segment's category, or the value unchanged (trimmed) under
    ///   ``CategoryMappingTable/fallbackMain``.
    public func normalize(_ value: String) -> CategoryNormalization {
        let trimmed = value.trimmedText()
        let segments = trimmed.split(whereSeparator: { "/>|»".contains($0) }).map(String.init)
        if let match = bestMatch(in: segments.isEmpty ? [trimmed] : segments) {
            return CategoryNormalization(category: match.category, rawValue: trimmed, matchedTerm: match.term)
        }
        return passThrough(trimmed)
    }

    /// Normalizes an ordered list of values, general to specific (Open Food Facts' `categories_tags`).
    ///
    /// - Returns: the most specific matching value's category (a row with a sub id beats one without); when
    ///   none matches, the most specific value unchanged; `nil` for an empty list.
    public func normalize(tags: [String]) -> CategoryNormalization? {
        let values = tags.map { $0.trimmedText() }.filter { !$0.isEmpty }
        guard let last = values.last else { return nil }
        if let match = bestMatch(in: values) {
            return CategoryNormalization(category: match.category, rawValue: match.term, matchedTerm: match.term)
        }
        return passThrough(last)
    }

    // MARK: - Matching

    /// The last matching term with a sub id, else the last matching term. Read from the end, so the terms before
    /// the last one with a sub id (the general ones of a tag list) need no key.
    private func bestMatch(in terms: [String]) -> (category: ProductCategory, term: String)? {
        var lastWithoutSub: (category: ProductCategory, term: String)?
        for term in terms.reversed() {
            let key = CategoryTerm.key(term)
            guard !key.isEmpty, !ignored.contains(key), let category = index[key] else { continue }
            if category.sub != nil { return (category, term.trimmedText()) }
            if lastWithoutSub == nil { lastWithoutSub = (category, term.trimmedText()) }
        }
        return lastWithoutSub
    }

    private func passThrough(_ value: String) -> CategoryNormalization {
        CategoryNormalization(
            category: ProductCategory(main: table.fallbackMain, sub: value.isEmpty ? nil : value), rawValue: value,
            matchedTerm: nil)
    }
}
