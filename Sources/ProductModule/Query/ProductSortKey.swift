/// A product field queries can sort on; the raw value is the indexed field's name.
public enum ProductSortKey: String, Hashable, Sendable, Codable, CaseIterable {
    /// When the product last changed.
    case updatedAt
    /// The title, normalized by `SemanticKey.normalize`; products without one sort first ascending.
    case title
    /// The brand, normalized by `SemanticKey.normalize`; products without one sort first ascending.
    case brand
    /// When the product was created.
    case createdAt

    /// The indexed field the key sorts on.
    public var field: ProductIndexField {
        switch self {
        case .updatedAt: .updatedAt
        case .title: .title
        case .brand: .brand
        case .createdAt: .createdAt
        }
    }
}
