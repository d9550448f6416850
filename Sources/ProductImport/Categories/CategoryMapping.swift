import Foundation
import ProductModule

/// One row of a ``CategoryMappingTable``: the provider terms that mean one stable category.
///
/// Encoded flat, so tables read well as JSON:
///
/// ```json
/// {"main": "food", "sub": "dairy", "terms": ["en:dairies", "milk products", "produits laitiers"]}
/// ```
public struct CategoryMapping: Hashable, Sendable, Codable {
    /// The stable category the terms map to.
    public var category: ProductCategory
    /// The provider terms, in any spelling: language prefixes, case, plurals and punctuation do not matter.
    public var terms: [String]

    /// Creates a mapping.
    public init(_ category: ProductCategory, terms: [String]) {
        self.category = category
        self.terms = terms
    }

    /// Creates a mapping from a main and an optional sub id.
    public init(main: String, sub: String? = nil, terms: [String]) {
        self.init(ProductCategory(main: main, sub: sub), terms: terms)
    }

    private enum CodingKeys: String, CodingKey {
        case main, sub, terms
    }

    /// Decodes `{"main", "sub", "terms"}`; a missing `terms` reads as empty.
    ///
    /// - Throws: `DecodingError` when `main` is missing or a value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        category = ProductCategory(
            main: try container.decode(String.self, forKey: .main),
            sub: try container.decodeIfPresent(String.self, forKey: .sub))
        terms = try container.decodeIfPresent([String].self, forKey: .terms) ?? []
    }

    /// Encodes `{"main", "sub", "terms"}`.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(category.main, forKey: .main)
        try container.encodeIfPresent(category.sub, forKey: .sub)
        try container.encode(terms, forKey: .terms)
    }
}
