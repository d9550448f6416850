import Foundation
import ProductModule

/// The data that maps provider category values to stable category ids: rows of terms per category, path
/// segments to ignore, and the main id unknown values pass through under.
///
/// The table is plain `Codable` data: ship it as JSON, override it per client, extend it at run time. When two
/// rows list the same term, the later row wins, so appending rows overrides the built-in ones.
///
/// ```swift
/// var table = CategoryMappingTable.standard
/// table.map(["en:kombuchas", "kombucha"], to: ProductCategory(main: "beverage", sub: "kombucha"))
/// let normalizer = CategoryNormalizer(table: table)
/// ```
public struct CategoryMappingTable: Hashable, Sendable, Codable {
    /// The mapping rows; later rows win for a term listed twice.
    public var mappings: [CategoryMapping]
    /// Path segments that carry no category (`"General"` in `"Fiction / Science Fiction / General"`).
    public var ignoredTerms: [String]
    /// The main id of a value no row matches; the value itself becomes the sub id, unchanged.
    public var fallbackMain: String

    /// Creates a table.
    public init(mappings: [CategoryMapping] = [], ignoredTerms: [String] = [], fallbackMain: String = "other") {
        self.mappings = mappings
        self.ignoredTerms = ignoredTerms
        self.fallbackMain = fallbackMain
    }

    /// A table without rows: every value passes through.
    public static let empty = CategoryMappingTable()

    /// Adds a row, overriding any earlier row for the same terms.
    public mutating func map(_ terms: [String], to category: ProductCategory) {
        mappings.append(CategoryMapping(category, terms: terms))
    }

    /// Removes terms from every row, so they pass through (or match nothing).
    public mutating func unmap(_ terms: [String]) {
        let keys = Set(terms.map(CategoryTerm.key))
        for index in mappings.indices {
            mappings[index].terms.removeAll { keys.contains(CategoryTerm.key($0)) }
        }
        mappings.removeAll { $0.terms.isEmpty }
    }

    /// This table with another's rows appended (the other table wins for shared terms) and its ignored terms
    /// added; the other table's fallback main id is kept.
    public func merging(_ other: CategoryMappingTable) -> CategoryMappingTable {
        CategoryMappingTable(
            mappings: mappings + other.mappings, ignoredTerms: ignoredTerms + other.ignoredTerms,
            fallbackMain: other.fallbackMain)
    }

    private enum CodingKeys: String, CodingKey {
        case mappings, ignoredTerms, fallbackMain
    }

    /// Decodes a table; missing lists read as empty and a missing fallback as `"other"`.
    ///
    /// - Throws: `DecodingError` when a present value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mappings = try container.decodeIfPresent([CategoryMapping].self, forKey: .mappings) ?? []
        ignoredTerms = try container.decodeIfPresent([String].self, forKey: .ignoredTerms) ?? []
        fallbackMain = try container.decodeIfPresent(String.self, forKey: .fallbackMain) ?? "other"
    }
}
