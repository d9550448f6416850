import GRDB
import InventoryKit
import InventorySync
import ProductModule

extension ProductFilterStrategy {
    /// The condition on `products` columns that selects exactly the products ``ProductQueryEvaluator`` matches.
    ///
    /// Input is normalized as the evaluator does: a barcode with `GTIN.normalize` (an invalid one matches
    /// nothing), a brand and a search text with `SemanticKey.normalize`. Text search is `instr` on
    /// `search_text` — a byte-exact substring test, like the evaluator's; normalized text holds no line break, so
    /// a match in the joined column is a match in one of its parts. Category ids compare byte for byte, as the
    /// kit's `RecordFilter` does.
    var sqlCondition: SQLCondition {
        switch self {
        case .barcode(let raw):
            guard let canonical = try? GTIN.normalize(raw) else { return .never }
            return SQLCondition("barcode IS ?", [canonical.databaseValue])
        case .brand(let brand):
            return SQLCondition("brand_key IS ?", [SemanticKey.normalize(brand).databaseValue])
        case .category(let main, let sub):
            let mainCondition = SQLCondition("category_main IS ?", [main.databaseValue])
            guard let sub else { return mainCondition }
            return .all([mainCondition, SQLCondition("category_sub IS ?", [sub.databaseValue])])
        case .text(let text):
            let needle = SemanticKey.normalize(text)
            guard !needle.isEmpty else { return .always }
            return SQLCondition("instr(search_text, ?) > 0", [needle.databaseValue])
        case .status(let status):
            return SQLCondition("status = ?", [status.rawValue.databaseValue])
        case .syncState(let kind):
            return SQLCondition("sync_state IS ?", [kind.rawValue.databaseValue])
        case .and(let filters):
            return .all(filters.map(\.sqlCondition))
        case .or(let filters):
            return .any(filters.map(\.sqlCondition))
        case .not(let filter):
            return filter.sqlCondition.negated
        }
    }
}
