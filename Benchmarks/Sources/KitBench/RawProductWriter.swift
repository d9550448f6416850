import Foundation
import InventoryKit
import InventorySync
import ProductModule

/// The hand-written baseline for writing products to SQLite: the C API, one prepared statement per table reused
/// for every row.
///
/// Given the same values as the kit (a ``ProductLocalTransaction``'s products, sync records and outbox entries)
/// it writes byte-identical rows into the same schema: the same column values (normalized title and brand,
/// search text, dates as seconds since 2001, source fingerprint) and the same JSON payloads. The scenarios check
/// that the tables come out identical.
///
/// A bulk write (``writeInOneTransaction(_:)``) is the floor for that work: every payload encoded with
/// `RecordCoding.encode` (the public encoder of the format the rows hold; it writes `Product`, `ProductSyncRecord`
/// and a change's product with the kit's own JSON writer), an outbox entry with its product's bytes spliced in
/// (`encoded(withProductPayload:)`, the product encoded once), on every core and a chunk ahead of the writer; one
/// transaction of prepared inserts. Open the database with ``RawDatabase/writerCacheKiB`` for the writer's pragmas.
/// ``insert(_:syncState:)`` (`sqlite.add-one`'s single rows) still encodes with a `JSONEncoder` of the same settings.
final class RawProductWriter {
    private let database: RawDatabase
    private let encoder: JSONEncoder
    private let products: RawStatement
    private let syncRecordsStatement: RawStatement
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
                sync_state, created_at, updated_at, search_text, payload, source_fingerprint)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
            """ + (upsert ? """
             ON CONFLICT (product_id) DO UPDATE SET barcode = ?2, title_key = ?3, brand_key = ?4, category_main = ?5,
                category_sub = ?6, status = ?7, sync_state = ?8, created_at = ?9, updated_at = ?10, search_text = ?11,
                payload = ?12, source_fingerprint = ?13
            """ : ""))
        syncRecordsStatement = try database.prepare(
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

    /// One `products` row, encoded.
    private struct ProductRow: Sendable {
        let id: String
        let barcode: String?
        let titleKey: String?
        let brandKey: String?
        let categoryMain: String?
        let categorySub: String?
        let status: String
        let syncState: String?
        let createdAt: Double
        let updatedAt: Double
        let searchText: String
        let sourceFingerprint: String?
        let payload: Data

        init(_ product: Product, syncState: SyncStatusKind?, payload: Data) {
            let title = product.title.map(SemanticKey.normalize)
            let brand = product.brand.map(SemanticKey.normalize)
            var search: [String] = []
            if let title { search.append(title) }
            if let brand { search.append(brand) }
            for keyword in product.searchKeywords { search.append(SemanticKey.normalize(keyword)) }
            id = product.productID.rawValue
            barcode = product.barcode?.value
            titleKey = title
            brandKey = brand
            categoryMain = product.category?.main
            categorySub = product.category?.sub
            status = product.status.rawValue
            self.syncState = syncState?.rawValue
            createdAt = product.createdAt.timeIntervalSinceReferenceDate
            updatedAt = product.updatedAt.timeIntervalSinceReferenceDate
            searchText = search.joined(separator: "\n")
            sourceFingerprint = product.sourceFingerprint
            self.payload = payload
        }
    }

    /// One `product_outbox` row, encoded.
    private struct OutboxRow: Sendable {
        let operationID: String
        let entityID: String
        let sequence: Int64
        let quarantined: Int64
        let nextAttemptAt: Double?
        let payload: Data
    }

    /// One `product_sync` row, encoded.
    private struct SyncRow: Sendable {
        let id: String
        let status: String
        let payload: Data
    }

    /// The rows of one chunk of a transaction, encoded.
    private struct EncodedChunk: Sendable {
        var products: [ProductRow] = []
        var syncRecords: [SyncRow] = []
        var outbox: [OutboxRow] = []
    }

    /// Rows per chunk: the writer inserts one chunk while the next is encoded.
    static let chunkSize = 2_048

    /// Writes every product, sync record and outbox entry of `transaction` in one transaction, pipelined: the
    /// rows are encoded a chunk at a time on every core, and while the writer inserts one chunk (products, sync
    /// records, outbox entries) the next is encoded. Returns the seconds the writer waited for encoding (the
    /// first chunk, then any chunk not ready when the one before was inserted).
    @discardableResult
    func writeInOneTransaction(_ transaction: ProductLocalTransaction) throws -> Double {
        let clock = ContinuousClock()
        let rows = max(transaction.products.count, transaction.syncRecords.count, transaction.outboxEntries.count)
        let chunks = max(1, (rows + Self.chunkSize - 1) / Self.chunkSize)
        var waited = Duration.zero
        var start = clock.now
        var next = try Self.encode(transaction, chunk: 0)
        waited += start.duration(to: clock.now)
        try database.execute("BEGIN IMMEDIATE")
        do {
            for chunk in 0..<chunks {
                let current = next
                let pending = PendingChunk()
                if chunk + 1 < chunks {
                    DispatchQueue.global().async { pending.fulfil(Result { try Self.encode(transaction, chunk: chunk + 1) }) }
                }
                for row in current.products { try insert(row) }
                for row in current.syncRecords {
                    syncRecordsStatement.bind(1, row.id)
                    syncRecordsStatement.bind(2, row.status)
                    syncRecordsStatement.bind(3, row.payload)
                    try syncRecordsStatement.run()
                }
                for row in current.outbox { try insert(row) }
                if chunk + 1 < chunks {
                    start = clock.now
                    next = try pending.wait()
                    waited += start.duration(to: clock.now)
                }
            }
            try database.execute("COMMIT")
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
        return Stopwatch.seconds(waited)
    }

    /// Encodes chunk `chunk` of each of the transaction's lists on every core; an outbox entry whose product is in
    /// the same chunk gets that product's bytes spliced in (the product encoded once), as the kit's store does.
    private static func encode(_ transaction: ProductLocalTransaction, chunk: Int, size: Int = chunkSize) throws -> EncodedChunk {
        func part<Element>(_ list: [Element]) -> [Element] {
            let lower = min(list.count, chunk * size)
            return Array(list[lower..<min(list.count, lower + size)])
        }
        let writes = part(transaction.products)
        var encoded = EncodedChunk()
        encoded.products = try ParallelMap.map(writes) { write in
            ProductRow(write.product, syncState: write.syncState, payload: try RecordCoding.encode(write.product))
        }
        var productPayloads: [ProductID: (product: Product, payload: Data)] = [:]
        productPayloads.reserveCapacity(writes.count)
        for (write, row) in zip(writes, encoded.products) { productPayloads[write.product.productID] = (write.product, row.payload) }
        encoded.syncRecords = try ParallelMap.map(part(transaction.syncRecords)) { record in
            SyncRow(id: record.productID.rawValue, status: record.status.kind.rawValue, payload: try RecordCoding.encode(record))
        }
        let payloads = productPayloads
        encoded.outbox = try ParallelMap.map(part(transaction.outboxEntries)) { entry in
            var payload: Data?
            if let product = entry.payload.product, let row = payloads[entry.payload.productID], row.product == product {
                payload = try entry.encoded(withProductPayload: row.payload)
            }
            return OutboxRow(
                operationID: entry.operationID.uuidString.lowercased(), entityID: entry.entityID, sequence: entry.sequence,
                quarantined: entry.isQuarantined ? 1 : 0, nextAttemptAt: entry.nextAttemptAt?.timeIntervalSinceReferenceDate,
                payload: try payload ?? RecordCoding.encode(entry))
        }
        return encoded
    }

    /// The next chunk, encoded on another thread and handed to the writer once.
    ///
    /// `@unchecked Sendable`: `result` is only touched under `lock`, and the writer reads it after the semaphore
    /// says it was set.
    private final class PendingChunk: @unchecked Sendable {
        private let lock = NSLock()
        private let ready = DispatchSemaphore(value: 0)
        private var result: Result<EncodedChunk, any Error>?

        func fulfil(_ result: Result<EncodedChunk, any Error>) {
            lock.withLock { self.result = result }
            ready.signal()
        }

        func wait() throws -> EncodedChunk {
            ready.wait()
            guard let result = lock.withLock({ result }) else { throw BenchmarkError.setup("a chunk was not encoded") }
            return try result.get()
        }
    }

    private func insert(_ row: ProductRow) throws {
        products.bind(1, row.id)
        products.bind(2, row.barcode)
        products.bind(3, row.titleKey)
        products.bind(4, row.brandKey)
        products.bind(5, row.categoryMain)
        products.bind(6, row.categorySub)
        products.bind(7, row.status)
        products.bind(8, row.syncState)
        products.bind(9, row.createdAt)
        products.bind(10, row.updatedAt)
        products.bind(11, row.searchText)
        products.bind(12, row.payload)
        products.bind(13, row.sourceFingerprint)
        try products.run()
    }

    private func insert(_ row: OutboxRow) throws {
        outbox.bind(1, row.operationID)
        outbox.bind(2, row.entityID)
        outbox.bind(3, row.sequence)
        outbox.bind(4, row.quarantined)
        outbox.bind(5, row.nextAttemptAt)
        outbox.bind(6, row.payload)
        try outbox.run()
    }

    /// Writes one `products` row (in autocommit mode unless a transaction is open), its payload encoded with a
    /// `JSONEncoder` (`sqlite.add-one`'s baseline).
    func insert(_ product: Product, syncState: SyncStatusKind?) throws {
        try insert(ProductRow(product, syncState: syncState, payload: try encoder.encode(product)))
    }
}
