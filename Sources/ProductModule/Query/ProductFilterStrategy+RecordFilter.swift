import InventoryKit
import InventorySync

extension ProductFilterStrategy {
    /// The filter on the indexed fields of ``Product/indexedFields(syncState:)`` that selects the same products.
    ///
    /// Input is normalized once here: a barcode with `GTIN.normalize` (an invalid one becomes `.or([])`, which
    /// matches nothing), a brand, a search text and a title prefix with `SemanticKey.normalize`. A title prefix is
    /// `hasPrefix` on the normalized `title` field (the field the title sort orders by), which is null, and so
    /// never matches, for a product without a title.
    package var recordFilter: RecordFilter {
        switch self {
        case .barcode(let raw):
            guard let canonical = try? GTIN.normalize(raw) else { return .or([]) }
            return .equals(ProductIndexField.barcode.rawValue, .string(canonical))
        case .brand(let brand):
            return .equals(ProductIndexField.brand.rawValue, .string(SemanticKey.normalize(brand)))
        case .category(let main, let sub):
            let mainFilter = RecordFilter.equals(ProductIndexField.categoryMain.rawValue, .string(main))
            guard let sub else { return mainFilter }
            return .and([mainFilter, .equals(ProductIndexField.categorySub.rawValue, .string(sub))])
        case .text(let text):
            return .contains(ProductIndexField.searchText.rawValue, SemanticKey.normalize(text))
        case .titlePrefix(let prefix):
            return .hasPrefix(ProductIndexField.title.rawValue, SemanticKey.normalize(prefix))
        case .status(let status):
            return .equals(ProductIndexField.status.rawValue, .string(status.rawValue))
        case .syncState(let kind):
            return .equals(ProductIndexField.syncState.rawValue, .string(kind.rawValue))
        case .and(let filters):
            return .and(filters.map(\.recordFilter))
        case .or(let filters):
            return .or(filters.map(\.recordFilter))
        case .not(let filter):
            return .not(filter.recordFilter)
        }
    }
}
