import InventoryKit
import InventorySync

extension Product {
    /// The fields every product store indexes, by ``ProductIndexField`` name: the one source of truth that
    /// `ProductQuery.recordQuery()` queries and ``ProductQueryEvaluator`` reproduces.
    ///
    /// | field | value |
    /// |---|---|
    /// | `title`, `brand` | `SemanticKey.normalize` of the value, or null |
    /// | `barcode` | the barcode's canonical digits, or null |
    /// | `categoryMain`, `categorySub` | the category ids as stored, or null |
    /// | `status` | the status's raw value |
    /// | `syncState` | `syncState`'s raw value, or null |
    /// | `updatedAt`, `createdAt` | the dates |
    /// | `searchText` | the normalized title, brand and search keywords (those present), joined by `"\n"` |
    ///
    /// - Parameter syncState: The product's sync state, kept beside the product by the store.
    public func indexedFields(syncState: SyncStatusKind?) -> [String: FieldValue] {
        [
            ProductIndexField.title.rawValue: Self.field(normalizedTitle),
            ProductIndexField.brand.rawValue: Self.field(normalizedBrand),
            ProductIndexField.barcode.rawValue: Self.field(barcode?.value),
            ProductIndexField.categoryMain.rawValue: Self.field(category?.main),
            ProductIndexField.categorySub.rawValue: Self.field(category?.sub),
            ProductIndexField.status.rawValue: .string(status.rawValue),
            ProductIndexField.syncState.rawValue: Self.field(syncState?.rawValue),
            ProductIndexField.updatedAt.rawValue: .date(updatedAt),
            ProductIndexField.createdAt.rawValue: .date(createdAt),
            ProductIndexField.searchText.rawValue: .string(searchText),
        ]
    }

    /// The value of the indexed field a sort key sorts on, exactly as ``indexedFields(syncState:)`` holds it.
    func indexedValue(of key: ProductSortKey) -> FieldValue {
        switch key {
        case .updatedAt: .date(updatedAt)
        case .createdAt: .date(createdAt)
        case .title: Self.field(normalizedTitle)
        case .brand: Self.field(normalizedBrand)
        }
    }

    /// `SemanticKey.normalize` of the title.
    var normalizedTitle: String? { title.map(SemanticKey.normalize) }

    /// `SemanticKey.normalize` of the brand.
    var normalizedBrand: String? { brand.map(SemanticKey.normalize) }

    /// The normalized title, brand and search keywords (those present), joined by `"\n"`.
    var searchText: String {
        var parts: [String] = []
        parts.reserveCapacity(2 + searchKeywords.count)
        if let normalizedTitle { parts.append(normalizedTitle) }
        if let normalizedBrand { parts.append(normalizedBrand) }
        for keyword in searchKeywords { parts.append(SemanticKey.normalize(keyword)) }
        return parts.joined(separator: "\n")
    }

    private static func field(_ text: String?) -> FieldValue {
        text.map(FieldValue.string) ?? .null
    }
}
