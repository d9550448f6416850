import Foundation
import GRDB
import InventoryKit
import InventorySync
import ProductModule

/// The column values of one `products` row, taken from `Product.indexedFields(syncState:)` — the one definition
/// of what product stores index — so SQL filters and sorts see exactly the values the reference evaluator sees.
///
/// | column | indexed field |
/// |---|---|
/// | `title_key`, `brand_key` | `title`, `brand` (`SemanticKey.normalize`d, or NULL) |
/// | `barcode` | `barcode` (canonical digits, or NULL) |
/// | `category_main`, `category_sub` | `categoryMain`, `categorySub` |
/// | `status`, `sync_state` | `status`, `syncState` (raw values; `sync_state` NULL when unknown) |
/// | `created_at`, `updated_at` | `createdAt`, `updatedAt` (seconds since 2001-01-01) |
/// | `search_text` | `searchText` (normalized title, brand and keywords, one per line) |
/// | `source_fingerprint` | `Product.sourceFingerprint` (NULL when the version was not written from a fingerprinted record) |
struct ProductColumns: Sendable {
    let productID: String
    let barcode: String?
    let titleKey: String?
    let brandKey: String?
    let categoryMain: String?
    let categorySub: String?
    let status: String
    let syncState: String?
    let createdAt: Double?
    let updatedAt: Double?
    let searchText: String
    let sourceFingerprint: String?

    /// The columns of a product stored with a sync state.
    init(_ product: Product, syncState: SyncStatusKind?) {
        let fields = product.indexedFields(syncState: syncState)
        func text(_ field: ProductIndexField) -> String? { fields[field.rawValue]?.stringValue }
        func seconds(_ field: ProductIndexField) -> Double? { fields[field.rawValue]?.numericValue }
        productID = product.productID.rawValue
        barcode = text(.barcode)
        titleKey = text(.title)
        brandKey = text(.brand)
        categoryMain = text(.categoryMain)
        categorySub = text(.categorySub)
        status = text(.status) ?? product.status.rawValue
        self.syncState = text(.syncState)
        createdAt = seconds(.createdAt)
        updatedAt = seconds(.updatedAt)
        searchText = text(.searchText) ?? ""
        sourceFingerprint = product.sourceFingerprint
    }

    /// The `products` column of a sort key.
    static func column(for key: ProductSortKey) -> String {
        switch key {
        case .updatedAt: "updated_at"
        case .createdAt: "created_at"
        case .title: "title_key"
        case .brand: "brand_key"
        }
    }

    /// Whether a sort key's column holds numbers (dates) rather than text.
    static func isNumeric(_ key: ProductSortKey) -> Bool {
        key == .updatedAt || key == .createdAt
    }

    /// The upsert of a product row; a barcode held by another row is a `UNIQUE` violation, never a replacement.
    static let upsertSQL = """
        INSERT INTO products (
            product_id, barcode, title_key, brand_key, category_main, category_sub, status, sync_state,
            created_at, updated_at, search_text, source_fingerprint, payload)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (product_id) DO UPDATE SET
            barcode = excluded.barcode, title_key = excluded.title_key, brand_key = excluded.brand_key,
            category_main = excluded.category_main, category_sub = excluded.category_sub, status = excluded.status,
            sync_state = excluded.sync_state, created_at = excluded.created_at, updated_at = excluded.updated_at,
            search_text = excluded.search_text, source_fingerprint = excluded.source_fingerprint,
            payload = excluded.payload
        """

    /// The arguments of ``upsertSQL``.
    func upsertArguments(payload: Data) -> StatementArguments {
        [
            productID, barcode, titleKey, brandKey, categoryMain, categorySub, status, syncState, createdAt, updatedAt,
            searchText, sourceFingerprint, payload,
        ]
    }
}
