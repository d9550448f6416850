import Foundation
import GRDB
import InventoryKit
import InventorySync
import ProductModule

extension SQLiteProductStore {
    /// A `ProductLocalTransaction` encoded for its rows before the database transaction starts, then written
    /// with cached statements inside it.
    struct EncodedTransaction: Sendable {
        private let products: [(columns: ProductColumns, payload: Data)]
        private let syncStateChanges: [(id: String, state: String)]
        private let removedProducts: [String]
        private let tombstones: [(id: String, migratedTo: String?, deletedAt: Double, payload: Data)]
        private let removedTombstones: [String]
        private let syncRecords: [(id: String, status: String, payload: Data)]
        private let removedOutboxEntries: [UUID]
        private let outboxEntries: [SQLiteOutboxTable<ProductChange>.EncodedEntry]
        private let pullCursor: Int64?
        private let requiredUnknown: [ProductID]

        /// How many rows the transaction writes or checks.
        var rowCount: Int {
            products.count + syncStateChanges.count + removedProducts.count + tombstones.count + removedTombstones.count
                + syncRecords.count + removedOutboxEntries.count + outboxEntries.count + requiredUnknown.count
        }

        /// The tables ``ProductLocalTransaction/requiredUnknown`` looks into, with the collection a failed check
        /// names.
        private static let knownChecks: [(table: String, collection: RecordCollection)] = [
            ("products", StorageProductStore.productCollection),
            ("product_tombstones", ProductTombstone.collection),
            ("product_sync", ProductSyncRecord.collection),
        ]

        /// Encodes a transaction.
        ///
        /// - Throws: `StorageError.encodingFailed` naming the record that could not be encoded.
        init(_ transaction: ProductLocalTransaction, outbox: SQLiteOutboxTable<ProductChange>) throws {
            // A large commit (an import's batch) encodes its rows on every core.
            products = try ConcurrentCoding.map(transaction.products) { write in
                let payload = try Self.encode(write.product, StorageProductStore.productCollection, write.product.productID)
                return (ProductColumns(write.product, syncState: write.syncState), payload)
            }
            var productPayloads: [ProductID: (product: Product, payload: Data)] = [:]
            productPayloads.reserveCapacity(products.count)
            for (write, row) in zip(transaction.products, products) {
                productPayloads[write.product.productID] = (write.product, row.payload)
            }
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
            syncRecords = try ConcurrentCoding.map(transaction.syncRecords) { record in
                (
                    record.productID.rawValue, record.status.kind.rawValue,
                    try Self.encode(record, ProductSyncRecord.collection, record.productID)
                )
            }
            removedOutboxEntries = transaction.removedOutboxEntries
            let payloads = productPayloads
            outboxEntries = try ConcurrentCoding.map(transaction.outboxEntries) { entry in
                // An entry carrying the very product the commit writes gets that row's bytes: encoded once.
                if let product = entry.payload.product, let row = payloads[entry.payload.productID],
                    row.product == product, let spliced = try? entry.encoded(withProductPayload: row.payload)
                {
                    return try outbox.encode(entry, encoded: spliced)
                }
                return try outbox.encode(entry)
            }
            pullCursor = transaction.pullCursor
            requiredUnknown = transaction.requiredUnknown
        }

        /// Writes the rows; call it inside a write transaction.
        ///
        /// - Throws: `StorageError.preconditionFailed` when a product of ``ProductLocalTransaction/requiredUnknown``
        ///   is known (the caller's transaction rolls back), or a database error.
        func execute(_ db: Database, outbox: SQLiteOutboxTable<ProductChange>, feed: String) throws {
            try checkRequiredUnknown(db)
            if !products.isEmpty {
                let upsert = try db.cachedStatement(sql: ProductColumns.upsertSQL)
                for product in products { try upsert.execute(arguments: product.columns.upsertArguments(payload: product.payload)) }
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
            if !syncRecords.isEmpty {
                let upsert = try db.cachedStatement(
                    sql: """
                        INSERT INTO product_sync (product_id, status, payload) VALUES (?, ?, ?)
                        ON CONFLICT (product_id) DO UPDATE SET status = excluded.status, payload = excluded.payload
                        """)
                for record in syncRecords { try upsert.execute(arguments: [record.id, record.status, record.payload]) }
            }
            for id in removedOutboxEntries { try outbox.delete(id, db) }
            for entry in outboxEntries { try outbox.save(entry, db) }
            if let highest = outboxEntries.lazy.map(\.sequence).max() { try outbox.raiseMark(to: highest, db) }
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
