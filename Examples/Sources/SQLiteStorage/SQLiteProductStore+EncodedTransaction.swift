import Foundation
import GRDB
import InventoryKit
import InventorySync
import ProductModule

extension SQLiteProductStore {
    /// A `ProductLocalTransaction` encoded for its rows, then written with cached statements inside a write
    /// transaction.
    ///
    /// A small commit is encoded before its transaction starts. A large one (an import's batch, a first pull) is
    /// encoded on a thread of its own while its transaction writes: products, then sync records, then outbox entries,
    /// a slice of ``sliceSize`` at a time, each slice inserted as soon as it is encoded (``EncodedRowChannel``), so
    /// SQLite's writer does not wait for the whole commit's JSON. An encoding failure then rolls the transaction back
    /// where it surfaces: nothing of the commit is written either way.
    struct EncodedTransaction: Sendable {
        private let products: EncodedRowChannel<(columns: ProductColumns, payload: Data)>
        private let syncStateChanges: [(id: String, state: String)]
        private let removedProducts: [String]
        private let tombstones: [(id: String, migratedTo: String?, deletedAt: Double, payload: Data)]
        private let removedTombstones: [String]
        private let syncRecords: EncodedRowChannel<(id: String, status: String, payload: Data)>
        private let removedOutboxEntries: [UUID]
        private let outboxEntries: EncodedRowChannel<SQLiteOutboxTable<ProductChange>.EncodedEntry>
        private let pullCursor: Int64?
        private let requiredUnknown: [ProductID]
        private let counts: (products: Int, syncRecords: Int, outboxEntries: Int)

        /// How many rows the transaction writes or checks.
        var rowCount: Int {
            counts.products + syncStateChanges.count + removedProducts.count + tombstones.count + removedTombstones.count
                + counts.syncRecords + removedOutboxEntries.count + counts.outboxEntries + requiredUnknown.count
        }

        /// The fewest product writes encoded while the transaction writes; fewer are encoded before it.
        static let pipelinedProducts = 256
        /// Rows a slice of a pipelined commit holds.
        static let sliceSize = 64

        /// The tables ``ProductLocalTransaction/requiredUnknown`` looks into, with the collection a failed check
        /// names.
        private static let knownChecks: [(table: String, collection: RecordCollection)] = [
            ("products", StorageProductStore.productCollection),
            ("product_tombstones", ProductTombstone.collection),
            ("product_sync", ProductSyncRecord.collection),
        ]

        /// Encodes a transaction, or starts encoding a large one.
        ///
        /// - Throws: `StorageError.encodingFailed` naming the record that could not be encoded (a small commit;
        ///   a large one's is thrown by ``execute(_:outbox:feed:)``).
        init(_ transaction: ProductLocalTransaction, outbox: SQLiteOutboxTable<ProductChange>) throws {
            counts = (transaction.products.count, transaction.syncRecords.count, transaction.outboxEntries.count)
            syncStateChanges = transaction.syncStateChanges.map { ($0.productID.rawValue, $0.syncState.rawValue) }
            removedProducts = transaction.removedProducts.map(\.rawValue)
            tombstones = try transaction.tombstones.map { tombstone in
                (
                    tombstone.productID.rawValue, tombstone.migratedTo?.rawValue,
                    tombstone.deletedAt.timeIntervalSinceReferenceDate,
                    try Self.encode(tombstone, ProductTombstone.collection, tombstone.productID)
                )
            }
            removedTombstones = transaction.removedTombstones.map(\.rawValue)
            removedOutboxEntries = transaction.removedOutboxEntries
            pullCursor = transaction.pullCursor
            requiredUnknown = transaction.requiredUnknown
            guard transaction.products.count >= Self.pipelinedProducts else {
                // Small: every row now, on every core past `ConcurrentCoding`'s threshold.
                let products = try ConcurrentCoding.map(transaction.products, Self.productRow)
                self.products = EncodedRowChannel(encoded: products)
                syncRecords = EncodedRowChannel(encoded: try ConcurrentCoding.map(transaction.syncRecords, Self.syncRow))
                let payloads = Self.payloads(transaction.products, products)
                outboxEntries = EncodedRowChannel(
                    encoded: try ConcurrentCoding.map(transaction.outboxEntries) { try Self.outboxRow($0, payloads, outbox) })
                return
            }
            let (products, syncRecords, outboxEntries) = (EncodedRowChannel<(columns: ProductColumns, payload: Data)>(),
                EncodedRowChannel<(id: String, status: String, payload: Data)>(),
                EncodedRowChannel<SQLiteOutboxTable<ProductChange>.EncodedEntry>())
            (self.products, self.syncRecords, self.outboxEntries) = (products, syncRecords, outboxEntries)
            DispatchQueue.global(qos: .userInitiated).async {
                let encoded = Self.encodeSlices(transaction.products, into: products, Self.productRow)
                guard let encoded else { return }
                guard Self.encodeSlices(transaction.syncRecords, into: syncRecords, Self.syncRow) != nil else { return }
                let payloads = Self.payloads(transaction.products, encoded)
                _ = Self.encodeSlices(transaction.outboxEntries, into: outboxEntries) { try Self.outboxRow($0, payloads, outbox) }
            }
        }

        /// Encodes `values` a slice at a time into `channel`; every row, or `nil` after a failure or a cancelled
        /// write (the failure is the channel's).
        private static func encodeSlices<Value, Row>(
            _ values: [Value], into channel: EncodedRowChannel<Row>, _ encode: (Value) throws -> Row
        ) -> [Row]? {
            var rows: [Row] = []
            rows.reserveCapacity(values.count)
            for start in stride(from: 0, to: values.count, by: sliceSize) {
                guard !channel.isCancelled else { return nil }
                do {
                    let slice = try values[start..<min(values.count, start + sliceSize)].map(encode)
                    rows += slice
                    channel.publish(slice)
                } catch {
                    channel.fail(error)
                    return nil
                }
            }
            channel.finish()
            return rows
        }

        private static func productRow(_ write: ProductLocalTransaction.ProductWrite) throws -> (columns: ProductColumns, payload: Data) {
            let payload = try encode(write.product, StorageProductStore.productCollection, write.product.productID)
            return (ProductColumns(write.product, syncState: write.syncState), payload)
        }

        private static func syncRow(_ record: ProductSyncRecord) throws -> (id: String, status: String, payload: Data) {
            (record.productID.rawValue, record.status.kind.rawValue, try encode(record, ProductSyncRecord.collection, record.productID))
        }

        /// The products the commit writes with their rows' bytes, by id.
        private static func payloads(
            _ writes: [ProductLocalTransaction.ProductWrite], _ rows: [(columns: ProductColumns, payload: Data)]
        ) -> [ProductID: (product: Product, payload: Data)] {
            var payloads: [ProductID: (product: Product, payload: Data)] = [:]
            payloads.reserveCapacity(rows.count)
            for (write, row) in zip(writes, rows) { payloads[write.product.productID] = (write.product, row.payload) }
            return payloads
        }

        /// An outbox entry's row; an entry carrying the very product the commit writes gets that row's bytes,
        /// encoded once.
        private static func outboxRow(
            _ entry: ProductOutboxEntry, _ payloads: [ProductID: (product: Product, payload: Data)],
            _ outbox: SQLiteOutboxTable<ProductChange>
        ) throws -> SQLiteOutboxTable<ProductChange>.EncodedEntry {
            if let product = entry.payload.product, let row = payloads[entry.payload.productID], row.product == product,
                let spliced = try? entry.encoded(withProductPayload: row.payload)
            {
                return try outbox.encode(entry, encoded: spliced)
            }
            return try outbox.encode(entry)
        }

        /// Writes the rows; call it inside a write transaction.
        ///
        /// - Throws: `StorageError.preconditionFailed` when a product of ``ProductLocalTransaction/requiredUnknown``
        ///   is known (the caller's transaction rolls back), or a database error.
        func execute(_ db: Database, outbox: SQLiteOutboxTable<ProductChange>, feed: String) throws {
            // A write that fails midway stops an encoder still at work.
            defer {
                products.cancel()
                syncRecords.cancel()
                outboxEntries.cancel()
            }
            try checkRequiredUnknown(db)
            if counts.products > 0 {
                let upsert = try db.cachedStatement(sql: ProductColumns.upsertSQL)
                try products.forEachSlice { slice in
                    for product in slice { try upsert.execute(arguments: product.columns.upsertArguments(payload: product.payload)) }
                }
            }
            if !syncStateChanges.isEmpty {
                let update = try db.cachedStatement(sql: "UPDATE products SET sync_state = ? WHERE product_id = ?")
                for change in syncStateChanges { try update.execute(arguments: [change.state, change.id]) }
            }
            if !removedProducts.isEmpty {
                let delete = try db.cachedStatement(sql: "DELETE FROM products WHERE product_id = ?")
                for id in removedProducts { try delete.execute(arguments: [id]) }
            }
            if !tombstones.isEmpty {
                let upsert = try db.cachedStatement(
                    sql: """
                        INSERT INTO product_tombstones (product_id, migrated_to, deleted_at, payload) VALUES (?, ?, ?, ?)
                        ON CONFLICT (product_id) DO UPDATE SET
                            migrated_to = excluded.migrated_to, deleted_at = excluded.deleted_at, payload = excluded.payload
                        """)
                for tombstone in tombstones {
                    try upsert.execute(arguments: [tombstone.id, tombstone.migratedTo, tombstone.deletedAt, tombstone.payload])
                }
            }
            if !removedTombstones.isEmpty {
                let delete = try db.cachedStatement(sql: "DELETE FROM product_tombstones WHERE product_id = ?")
                for id in removedTombstones { try delete.execute(arguments: [id]) }
            }
            if counts.syncRecords > 0 {
                let upsert = try db.cachedStatement(
                    sql: """
                        INSERT INTO product_sync (product_id, status, payload) VALUES (?, ?, ?)
                        ON CONFLICT (product_id) DO UPDATE SET status = excluded.status, payload = excluded.payload
                        """)
                try syncRecords.forEachSlice { slice in
                    for record in slice { try upsert.execute(arguments: [record.id, record.status, record.payload]) }
                }
            }
            for id in removedOutboxEntries { try outbox.delete(id, db) }
            var highest: Int64?
            try outboxEntries.forEachSlice { slice in
                for entry in slice {
                    try outbox.save(entry, db)
                    highest = max(highest ?? entry.sequence, entry.sequence)
                }
            }
            if let highest { try outbox.raiseMark(to: highest, db) }
            if let pullCursor {
                try db.cachedStatement(
                    sql: """
                        INSERT INTO product_sync_cursor (feed, sequence) VALUES (?, ?)
                        ON CONFLICT (feed) DO UPDATE SET sequence = excluded.sequence
                        """
                ).execute(arguments: [feed, pullCursor])
            }
        }

        /// Throws for the first id of ``ProductLocalTransaction/requiredUnknown`` (in its order) that a table knows,
        /// the tables taken in ``knownChecks``' order: one `IN (…)` query per table and
        /// ``SQLiteProductStore/chunkSize`` ids, not one per id.
        private func checkRequiredUnknown(_ db: Database) throws {
            guard !requiredUnknown.isEmpty else { return }
            let keys = requiredUnknown.map(\.rawValue)
            for check in Self.knownChecks {
                var known: Set<String> = []
                for chunk in SQLiteProductStore.chunks(keys) {
                    let sql = "SELECT product_id FROM \(check.table) WHERE product_id IN (\(SQLiteProductStore.placeholders(chunk.count)))"
                    // The statements of a full chunk and of a few ids (an app's single add) are reused; another
                    // last chunk's is prepared for this commit.
                    let statement = try chunk.count == SQLiteProductStore.chunkSize || chunk.count <= 8
                        ? db.cachedStatement(sql: sql) : db.makeStatement(sql: sql)
                    known.formUnion(try String.fetchSet(statement, arguments: StatementArguments(Array(chunk))))
                }
                guard !known.isEmpty, let id = requiredUnknown.first(where: { known.contains($0.rawValue) }) else { continue }
                throw StorageError.preconditionFailed(
                    collection: check.collection, id: id.recordID, expected: .absent, actualRevision: nil)
            }
        }

        private static func encode(_ value: some Encodable, _ collection: RecordCollection, _ id: ProductID) throws -> Data {
            do {
                return try RecordCoding.encode(value)
            } catch {
                throw StorageError.encodingFailed(collection: collection, id: id.recordID, reason: String(describing: error))
            }
        }
    }
}
