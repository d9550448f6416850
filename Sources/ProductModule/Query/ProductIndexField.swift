/// The indexed fields every product store keeps, by name: the one list that ``Product/indexedFields(syncState:)``
/// writes and `ProductQuery.recordQuery()` reads.
public enum ProductIndexField: String, Hashable, Sendable, Codable, CaseIterable {
    /// `SemanticKey.normalize` of the title, or null.
    case title
    /// `SemanticKey.normalize` of the brand, or null.
    case brand
    /// The barcode's canonical digits, or null.
    case barcode
    /// The category's main id, or null.
    case categoryMain
    /// The category's sub id, or null.
    case categorySub
    /// The status's raw value.
    case status
    /// The sync state kind's raw value, or null when unknown.
    case syncState
    /// When the product last changed, as a date.
    case updatedAt
    /// When the product was created, as a date.
    case createdAt
    /// The normalized title, brand and search keywords, one per line, for substring search.
    case searchText
}
