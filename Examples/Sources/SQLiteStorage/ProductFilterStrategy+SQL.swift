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
    ///
    /// A title prefix is a range of `products_by_title (title_key, product_id)`, never a scan:
    /// `title_key >= prefix AND title_key < bound`, where the bound is the prefix with its last Unicode scalar
    /// raised by one (U+D7FF to U+E000, over the surrogates; a trailing U+10FFFF dropped and the scalar before it
    /// raised; no bound for a prefix of U+10FFFF only), as the record store's `hasPrefix` computes it
    /// (`RecordFieldSQL.prefixUpperBound`). SQLite's `BINARY` collation compares UTF-8 bytes, and UTF-8 byte order
    /// is code-point order, so the range holds exactly the keys whose bytes start with the prefix's — the
    /// evaluator's test. The range is preceded by `title_key IS NOT NULL` (alone for an empty prefix), which keeps
    /// the leaf two-valued under `NOT`: a product without a title fails the prefix, as in the evaluator, instead of
    /// making the condition NULL.
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
        case .titlePrefix(let prefix):
            let lower = SemanticKey.normalize(prefix)
            guard !lower.isEmpty else { return SQLCondition("title_key IS NOT NULL") }
            guard let upper = RecordFieldSQL.prefixUpperBound(lower) else {
                // Only U+10FFFF: no text sorts after every key that starts with it, and none sorts between.
                return SQLCondition("(title_key IS NOT NULL AND title_key >= ?)", [lower.databaseValue])
            }
            return SQLCondition(
                "(title_key IS NOT NULL AND title_key >= ? AND title_key < ?)", [lower.databaseValue, upper.databaseValue])
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
