import Foundation
import InventoryKit
import InventorySync
import ProductModule

/// The hand-written baseline for writing products to SQLite: the C API, one reused `JSONEncoder`, one prepared
/// statement per table reused for every row.
///
/// Given the same values as the kit (a ``ProductLocalTransaction``'s products, sync records and outbox entries)
/// it writes byte-identical rows into the same schema: the same column values (normalized title and brand,
/// search text, dates as seconds since 2001) and the same JSON payloads (sorted keys, no escaped slashes, dates
/// as numbers — `RecordCoding`'s settings). The scenarios check that the tables come out identical.
final class RawProductWriter {
    private let database: RawDatabase
    private let encoder: JSONEncoder
    private let products: RawStatement
    private let syncRecords: RawStatement
    private let outbox: RawStatement

    /// Prepares the statements; with `upsert`, each is `INSERT … ON CONFLICT DO UPDATE`, otherwise a plain `INSERT`.
    init(database: RawDatabase, upsert: Bool) throws {
        self.database = database
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .deferredToDate
        products = try database.prepare(
            """
            INSERT INTO products (product_id, barcode, title_key, brand_key, category_main, category_sub, status,
                sync_state, created_at, updated_at, search_text, payload)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
            """ + (upsert ? """
             ON CONFLICT (product_id) DO UPDATE SET barcode = ?2, title_key = ?3, brand_key = ?4, category_main = ?5,
                category_sub = ?6, status = ?7, sync_state = ?8, created_at = ?9, updated_at = ?10, search_text = ?11,
                payload = ?12
            """ : ""))
        syncRecords = try database.prepare(
            "INSERT INTO product_sync (product_id, status, payload) VALUES (?1, ?2, ?3)"
                + (upsert ? " ON CONFLICT (product_id) DO UPDATE SET status = ?2, payload = ?3" : ""))
        outbox = try database.prepare(
            """
            INSERT INTO product_outbox (operation_id, entity_id, sequence, quarantined, next_attempt_at, payload)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """ + (upsert ? """
             ON CONFLICT (operation_id) DO UPDATE SET entity_id = ?2, sequence = ?3, quarantined = ?4,
                next_attempt_at = ?5, payload = ?6
            """ : ""))
    }

    /// Writes every product, sync record and outbox entry of `transaction` in one transaction.
    func writeInOneTransaction(_ transaction: ProductLocalTransaction) throws {
        try database.execute("BEGIN IMMEDIATE")
        do {
            for write in transaction.products { try insert(write.product, syncState: write.syncState) }
            for record in transaction.syncRecords { try insert(record) }
            for entry in transaction.outboxEntries { try insert(entry) }
            try database.execute("COMMIT")
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }

    /// Writes one `products` row (in autocommit mode unless a transaction is open).
    func insert(_ product: Product, syncState: SyncStatusKind?) throws {
        let title = product.title.map(SemanticKey.normalize)
        let brand = product.brand.map(SemanticKey.normalize)
        var search: [String] = []
        if let title { search.append(title) }
        if let brand { search.append(brand) }
        for keyword in product.searchKeywords { search.append(SemanticKey.normalize(keyword)) }
        products.bind(1, product.productID.rawValue)
        products.bind(2, product.barcode?.value)
        products.bind(3, title)
        products.bind(4, brand)
        products.bind(5, product.category?.main)
        products.bind(6, product.category?.sub)
        products.bind(7, product.status.rawValue)
        products.bind(8, syncState?.rawValue)
        products.bind(9, product.createdAt.timeIntervalSinceReferenceDate)
        products.bind(10, product.updatedAt.timeIntervalSinceReferenceDate)
        products.bind(11, search.joined(separator: "\n"))
        products.bind(12, try encoder.encode(product))
        try products.run()
    }

    private func insert(_ record: ProductSyncRecord) throws {
        syncRecords.bind(1, record.productID.rawValue)
        syncRecords.bind(2, record.status.kind.rawValue)
        syncRecords.bind(3, try encoder.encode(record))
        try syncRecords.run()
    }

    private func insert(_ entry: ProductOutboxEntry) throws {
        outbox.bind(1, entry.operationID.uuidString.lowercased())
        outbox.bind(2, entry.entityID)
        outbox.bind(3, entry.sequence)
        outbox.bind(4, Int64(entry.isQuarantined ? 1 : 0))
        outbox.bind(5, entry.nextAttemptAt?.timeIntervalSinceReferenceDate)
        outbox.bind(6, try encoder.encode(entry))
        try outbox.run()
    }
}
