import Foundation
import GRDB
import InventoryKit
import InventorySync
import ProductModule

/// The product module's local ports, native on SQLite: products in a table with a column per indexed field, so
/// queries filter, sort and page in SQL; sync records, tombstones, the outbox and the pull cursor in their own
/// tables of the same database.
///
/// ```swift
/// let storage = try SQLiteStorage(path: path)
/// let products = ProductModuleService(store: SQLiteProductStore(storage: storage), remote: gateway, replicaID: device)
/// ```
///
/// ## Guarantees
/// - ``commit(_:)`` is one SQLite transaction: products, tombstones, sync records, outbox entries and the pull
///   cursor land together or not at all. A constraint violation anywhere (a barcode held by another product, a
///   barcode that is not the product's id) rolls the whole transaction back.
/// - ``query(_:)`` returns exactly the pages of `ProductQueryEvaluator`: every filter is translated to SQL, and
///   the sort and keyset cursor run in SQL on the sort column's index with `LIMIT n + 1` (see
///   ``queryPlan(_:)``), so a deep page costs what the first page costs.
/// - Hot paths (point reads, every write of a commit) use prepared statements cached per connection.
///
/// The tables are separate from the generic `records` table: a `StorageProductStore` on the same
/// ``SQLiteStorage`` would keep a second, independent catalog. Use one or the other.
public struct SQLiteProductStore: ProductStore {
    /// The pull cursor's row in `product_sync_cursor`.
    private static let feed = "products"
    private static let outbox = SQLiteOutboxTable<ProductChange>(table: "product_outbox")

    /// Access to the database.
    private let dbWriter: any DatabaseWriter

    /// Creates the store on a storage's database.
    public init(storage: SQLiteStorage) {
        dbWriter = storage.dbWriter
    }

    // MARK: - Database Access: Reads

    /// The product with this id, or `nil`.
    ///
    /// - Throws: `StorageError.corruptRecord` when its payload does not decode, or a backend failure.
    public func product(_ id: ProductID) async throws -> Product? {
        let payload = try await read("read product \(id)", size: 1) { db in
            try Data.fetchOne(
                db.cachedStatement(sql: "SELECT payload FROM products WHERE product_id = ?"), arguments: [id.rawValue])
        }
        return try payload.map { try Self.decodeProduct(id.rawValue, $0) }
    }

    /// The tombstone of a deleted or migrated product, or `nil`.
    ///
    /// - Throws: `StorageError.corruptRecord` when its payload does not decode, or a backend failure.
    public func tombstone(_ id: ProductID) async throws -> ProductTombstone? {
        let payload = try await read("read tombstone \(id)", size: 1) { db in
            try Data.fetchOne(
                db.cachedStatement(sql: "SELECT payload FROM product_tombstones WHERE product_id = ?"),
                arguments: [id.rawValue])
        }
        return try payload.map { try Self.decode(ProductTombstone.self, key: id.rawValue, $0) }
    }

    /// The products with these ids, in one read: one `IN (…)` query per 500 ids.
    ///
    /// - Throws: `StorageError.corruptRecord` for the first payload that does not decode, or a backend failure.
    public func products(_ ids: [ProductID]) async throws -> [ProductID: Product] {
        let keys = Self.uniqueKeys(ids)
        guard !keys.isEmpty else { return [:] }
        return try await read("read products") { db in
            var found: [ProductID: Product] = [:]
            for chunk in Self.chunks(keys) {
                let sql = "SELECT product_id, payload FROM products WHERE product_id IN (\(Self.placeholders(chunk.count)))"
                let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: StatementArguments(chunk))
                while let row = try rows.next() {
                    let product = try Self.decodeProduct(row)
                    found[product.productID] = product
                }
            }
            return found
        }
    }

    /// The tombstones of these ids, in one read: one `IN (…)` query per 500 ids.
    ///
    /// - Throws: `StorageError.corruptRecord` for the first payload that does not decode, or a backend failure.
    public func tombstones(_ ids: [ProductID]) async throws -> [ProductID: ProductTombstone] {
        let keys = Self.uniqueKeys(ids)
        guard !keys.isEmpty else { return [:] }
        return try await read("read tombstones") { db in
            var found: [ProductID: ProductTombstone] = [:]
            for chunk in Self.chunks(keys) {
                let sql = "SELECT product_id, payload FROM product_tombstones WHERE product_id IN (\(Self.placeholders(chunk.count)))"
                let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: StatementArguments(chunk))
                while let row = try rows.next() {
                    let key = try row.decode(String.self, atIndex: 0)
                    guard let id = ProductID(rawValue: key) else { continue }
                    let payload = try row.decode(Data.self, atIndex: 1)
                    found[id] = try Self.decode(ProductTombstone.self, key: key, payload)
                }
            }
            return found
        }
    }

    /// The products whose current version was written from a record with one of these fingerprints: one query
    /// per 500 fingerprints on the `source_fingerprint` index, no payload decoded.
    ///
    /// - Throws: a backend failure.
    public func productIDs(withSourceFingerprints fingerprints: [String]) async throws -> [String: ProductID] {
        let keys = Array(Set(fingerprints))
        guard !keys.isEmpty else { return [:] }
        return try await read("read source fingerprints") { db in
            var found: [String: ProductID] = [:]
            for chunk in Self.chunks(keys) {
                let sql = "SELECT source_fingerprint, product_id FROM products WHERE source_fingerprint IN (\(Self.placeholders(chunk.count)))"
                let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: StatementArguments(chunk))
                while let row = try rows.next() {
                    guard let id = ProductID(rawValue: try row.decode(String.self, atIndex: 1)) else { continue }
                    found[try row.decode(String.self, atIndex: 0)] = id
                }
            }
            return found
        }
    }

    /// One page of products, filtered, sorted and paged by SQLite.
    ///
    /// A row whose payload does not decode takes its place in the page like a product and is named in
    /// ``ProductPage/damaged`` instead; the page holds up to `limit` rows of either kind and the cursor follows the
    /// last of them, so every damaged row is reported once, on the page where it sorts.
    ///
    /// - Throws: `ProductQueryError` for an invalid query or cursor (before touching the database), or a backend
    ///   failure.
    public func query(_ query: ProductQuery) async throws -> ProductPage {
        let statements = try ProductPageStatements(query)
        let sort = query.sort.recordSort
        // Products are decoded inside the read, on the reader's thread, straight from the row's bytes: no copy of
        // each payload and no second pass after the hop back (measured 10–20 % of a page; docs/performance.md).
        return try await read("query products") { db in
            var page = ProductPage(products: [], nextCursor: nil)
            var rows = 0
            var cursorAfterPage: PageCursor?
            for segment in statements.segments where rows <= statements.limit {
                let query = statements.query(for: segment, count: statements.limit + 1 - rows)
                let statement = try query.isCacheable ? db.cachedStatement(sql: query.sql) : db.makeStatement(sql: query.sql)
                let cursor = try Row.fetchCursor(statement, arguments: query.arguments)
                while let row = try cursor.next() {
                    rows += 1
                    // One row past the page: there is a next page, after the page's last row.
                    guard rows <= statements.limit else {
                        page.nextCursor = cursorAfterPage
                        break
                    }
                    do {
                        page.products.append(try Self.decodeProduct(row))
                    } catch let error as StorageError {
                        let id = RecordID(rawValue: try row.decode(String.self, atIndex: 0))
                        page.damaged.append(DamagedRecord(collection: StorageProductStore.productCollection, id: id, error: error))
                    }
                    cursorAfterPage = try statements.cursor(after: row, sort: sort).map(PageCursor.init)
                }
            }
            return page
        }
    }

    /// SQLite's plan for each statement a query runs (`EXPLAIN QUERY PLAN`), one line per step, for diagnostics:
    /// a healthy plan reads `SEARCH products USING INDEX …` and never `SCAN products`.
    ///
    /// - Throws: `ProductQueryError` for an invalid query, or a backend failure.
    public func queryPlan(_ query: ProductQuery) async throws -> [String] {
        let statements = try ProductPageStatements(query)
        return try await read("explain a product query") { db in
            var lines: [String] = []
            for segment in statements.segments {
                let query = statements.query(for: segment, count: statements.limit + 1)
                let rows = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query.sql, arguments: query.arguments)
                lines += try rows.map { try $0.decode(String.self, forColumn: "detail") }
            }
            return lines
        }
    }

    /// The sync record of a product, or `nil`.
    ///
    /// - Throws: `StorageError.corruptRecord` when it does not decode, or a backend failure.
    public func syncRecord(_ id: ProductID) async throws -> ProductSyncRecord? {
        try await read("read sync record \(id)", size: 1) { db in try Self.syncRecord(id, db) }
    }

    /// The sync records of several products, in one read.
    ///
    /// - Throws: `StorageError.corruptRecord` for a record that does not decode, or a backend failure.
    public func syncRecords(_ ids: [ProductID]) async throws -> [ProductID: ProductSyncRecord] {
        try await read("read sync records") { db in
            // The rows are read one by one and decoded on every core (a push round settles 100 of them).
            let statement = try db.cachedStatement(sql: "SELECT payload FROM product_sync WHERE product_id = ?")
            var payloads: [(id: ProductID, payload: Data)] = []
            for id in Set(ids) {
                if let payload = try Data.fetchOne(statement, arguments: [id.rawValue]) { payloads.append((id, payload)) }
            }
            let decoded = try ConcurrentCoding.map(payloads, minimum: ConcurrentCoding.minimumDecodedRows) { row in
                try Self.decode(ProductSyncRecord.self, key: row.id.rawValue, row.payload)
            }
            return Dictionary(zip(payloads.lazy.map(\.id), decoded), uniquingKeysWith: { first, _ in first })
        }
    }

    /// The pending operations the sync records of `ids` name, read with SQLite's JSON functions instead of decoding
    /// the records (``chunkSize`` ids a query); a record that is not valid JSON, or names an operation that is not a UUID, is left out (its
    /// whole-record read then reports it).
    ///
    /// - Throws: a backend failure.
    public func pendingOperationIDs(_ ids: [ProductID]) async throws -> [ProductID: UUID] {
        try await read("read pending operations") { db in
            let byKey = Dictionary(ids.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
            var operations: [ProductID: UUID] = [:]
            for chunk in Self.chunks(Array(byKey.keys)) {
                // The payload is JSON text in a BLOB column; SQLite 3.45 and later read a BLOB as JSONB, hence the cast.
                let sql = """
                    SELECT product_id, CASE WHEN json_valid(CAST(payload AS TEXT))
                        THEN json_extract(CAST(payload AS TEXT), '$.pendingOperationID') END
                    FROM product_sync WHERE product_id IN (\(Self.placeholders(chunk.count)))
                    """
                let statement = try chunk.count == Self.chunkSize ? db.cachedStatement(sql: sql) : db.makeStatement(sql: sql)
                let rows = try Row.fetchCursor(statement, arguments: StatementArguments(Array(chunk)))
                while let row = try rows.next() {
                    let dbValue: DatabaseValue = row[1]
                    guard case .string(let text) = dbValue.storage, let operation = UUID(uuidString: text),
                        let id = byKey[row[0] as String]
                    else { continue }
                    operations[id] = operation
                }
            }
            return operations
        }
    }

    /// The product, tombstone, sync record and pending outbox entry of several products, in one read.
    ///
    /// - Throws: `StorageError.corruptRecord` for a record that does not decode, or a backend failure.
    public func localStates(_ ids: [ProductID]) async throws -> [ProductID: ProductLocalState] {
        try await read("read product states") { db in
            var states: [ProductID: ProductLocalState] = [:]
            for id in Set(ids) {
                var state = ProductLocalState()
                if let payload = try Data.fetchOne(
                    db.cachedStatement(sql: "SELECT payload FROM products WHERE product_id = ?"), arguments: [id.rawValue])
                {
                    state.product = try Self.decodeProduct(id.rawValue, payload)
                }
                if let payload = try Data.fetchOne(
                    db.cachedStatement(sql: "SELECT payload FROM product_tombstones WHERE product_id = ?"),
                    arguments: [id.rawValue])
                {
                    state.tombstone = try Self.decode(ProductTombstone.self, key: id.rawValue, payload)
                }
                state.syncRecord = try Self.syncRecord(id, db)
                if let record = state.syncRecord, record.mayHavePendingEntry {
                    state.pendingEntry = try record.pendingOperationID.map { try Self.outbox.entry($0, db) }
                        ?? Self.outbox.latest(forEntity: id.rawValue, db)
                }
                if state != ProductLocalState() { states[id] = state }
            }
            return states
        }
    }

    /// The outbox entries due at `now`, in enqueue order, up to `limit`: one indexed query on the next-attempt
    /// time.
    ///
    /// - Throws: `StorageError.corruptRecord` for an entry that does not decode, or a backend failure.
    public func dueEntries(at now: Date, limit: Int) async throws -> [ProductOutboxEntry] {
        try await read("read the product outbox") { db in try Self.outbox.due(at: now, limit: limit, db) }
    }

    /// The outbox entries that are not quarantined, in enqueue order, up to `limit`.
    ///
    /// - Throws: `StorageError.corruptRecord` for an entry that does not decode, or a backend failure.
    public func pendingEntries(limit: Int) async throws -> [ProductOutboxEntry] {
        try await read("read the product outbox") { db in try Self.outbox.pending(limit: limit, db) }
    }

    /// The quarantined outbox entries, in enqueue order.
    ///
    /// - Throws: `StorageError.corruptRecord` for an entry that does not decode, or a backend failure.
    public func quarantinedEntries() async throws -> [ProductOutboxEntry] {
        try await read("read the product outbox") { db in try Self.outbox.quarantined(db) }
    }

    /// The pending outbox entry of a product, if any.
    ///
    /// - Throws: `StorageError.corruptRecord` when it does not decode, or a backend failure.
    public func pendingEntry(for id: ProductID) async throws -> ProductOutboxEntry? {
        try await read("read the product outbox", size: 1) { db in try Self.outbox.latest(forEntity: id.rawValue, db) }
    }

    /// The number of outbox entries, quarantined ones included.
    ///
    /// - Throws: a backend failure.
    public func outboxCount() async throws -> Int {
        try await read("count the product outbox") { db in try Self.outbox.count(db) }
    }

    /// The highest outbox sequence this store has ever committed (acknowledged entries included), or 0: kept in
    /// `outbox_sequence_marks`, raised in the transaction that writes the entries.
    ///
    /// - Throws: a backend failure.
    public func lastSequence() async throws -> Int64 {
        try await read("read the product outbox") { db in try Self.outbox.lastSequence(db) }
    }

    /// The position in the remote change feed, or `nil` before the first pull.
    ///
    /// - Throws: a backend failure.
    public func pullCursor() async throws -> Int64? {
        try await read("read the product pull cursor") { db in
            try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT sequence FROM product_sync_cursor WHERE feed = ?"),
                arguments: [Self.feed])
        }
    }

    // MARK: - Database Access: Writes

    /// Applies a transaction in one SQLite transaction, in the order `StorageProductStore` applies it: products,
    /// removed products, tombstones, removed tombstones, sync records, removed outbox entries, outbox entries
    /// (and the outbox's sequence mark), the pull cursor.
    ///
    /// Everything is encoded before the transaction starts, so it holds the write lock only to run cached
    /// statements.
    ///
    /// - Throws: `StorageError.encodingFailed` before anything is written, or
    ///   `StorageError.backendFailure` (a constraint violation, a full disk) after a rollback; nothing of the
    ///   transaction was written then.
    public func commit(_ transaction: ProductLocalTransaction) async throws {
        guard !transaction.isEmpty else { return }
        let encoded = try EncodedTransaction(transaction, outbox: Self.outbox)
        try await SQLiteStorage.write(dbWriter, "commit products", rows: encoded.rowCount) { db in
            try encoded.execute(db, outbox: Self.outbox, feed: Self.feed)
        }
    }

    // MARK: - Helpers

    /// A read, on the calling thread when it returns at most `size` rows within `SQLiteStorage`'s limit.
    private func read<T: Sendable>(
        _ operation: String, size: Int = .max, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        try await SQLiteStorage.read(dbWriter, operation, size: size, body)
    }

    /// Bound parameters per `IN (…)` query: well under SQLite's limit, and a handful of cached statement shapes.
    static let chunkSize = 500

    private static func uniqueKeys(_ ids: [ProductID]) -> [String] {
        var seen: Set<String> = []
        return ids.map(\.rawValue).filter { seen.insert($0).inserted }
    }

    static func chunks(_ keys: [String]) -> [ArraySlice<String>] {
        stride(from: 0, to: keys.count, by: chunkSize).map { keys[$0..<min(keys.count, $0 + chunkSize)] }
    }

    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ",")
    }

    private static func syncRecord(_ id: ProductID, _ db: Database) throws -> ProductSyncRecord? {
        let payload = try Data.fetchOne(
            db.cachedStatement(sql: "SELECT payload FROM product_sync WHERE product_id = ?"), arguments: [id.rawValue])
        return try payload.map { try decode(ProductSyncRecord.self, key: id.rawValue, $0) }
    }

    /// Decodes the product of a `(product_id, payload)` row.
    private static func decodeProduct(_ row: Row) throws -> Product {
        let key = try row.decode(String.self, atIndex: 0)
        // A NULL payload (the schema forbids it) reads as empty bytes, which fail to decode as a corrupt record.
        return try row.withUnsafeData(atIndex: 1) { payload in try decodeProduct(key, payload ?? Data()) }
    }

    private static func decodeProduct(_ key: String, _ payload: Data) throws -> Product {
        do {
            return try RecordCoding.decode(Product.self, from: payload)
        } catch {
            throw StorageError.corrupt(collection: StorageProductStore.productCollection, key: key, error: error)
        }
    }

    private static func decode<Record: StorableRecord>(_ type: Record.Type, key: String, _ payload: Data) throws -> Record {
        do {
            return try RecordCoding.decode(Record.self, from: payload)
        } catch {
            throw StorageError.corrupt(collection: Record.collection, key: key, error: error)
        }
    }
}
