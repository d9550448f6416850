import Foundation
import GRDB
import InventoryKit
import InventorySync
import ProductImport
import ProductModule

extension SQLiteStorage {
    /// The `DatabaseMigrator` that defines the database schema, one named migration per released version.
    ///
    /// - `"v1"`: the generic `records` and `blobs` tables; the product tables (`products` with its sort and
    ///   filter indexes, `product_tombstones`, `product_sync`, `product_outbox`, `product_sync_cursor`); the
    ///   inventory tables (`inventory_journal`, `inventory_outbox`, `inventory_sync_cursor`).
    /// - `"v2"`: product text search: the `products.search_text` column, filled from each stored product.
    /// - `"v3"`: the `outbox_sequence_marks` table: per outbox, the highest sequence ever committed, so sequences
    ///   are not reused once acknowledged entries have left the outbox; seeded from the entries stored by v2.
    /// - `"v4-record-field-index"`: the generic records' field index (`record_field_names`, `record_fields` and its
    ///   two value indexes, see ``RecordFieldIndex``), built from every stored record, so queries run on indexes.
    /// - `"v5-inventory-checkpoints"`: the `inventory_checkpoints` table of ``SQLiteInventoryStore``: a household's
    ///   projected state by the order key of the last entry it folded.
    /// - `"v6-inventory-outbox-detached-rows"`: `inventory_outbox` gains `enqueued_at`: a fresh outbox entry
    ///   committed with its journal entry is stored as columns only, its change read from the journal row.
    /// - `"v7-inventory-pull-times"`: the `inventory_pull_times` table of ``SQLiteInventoryStore``: per household,
    ///   the time of its last successful pull.
    /// - `"v8-record-composite-indexes"`: the tables of the declared composite indexes (`record_composites`,
    ///   `record_composite_values` and its two indexes, see ``SQLiteCompositeIndex``), empty until a pair is declared.
    /// - `"v9-inventory-snapshot-floors"`: the `inventory_snapshot_floors` table of ``SQLiteInventoryStore``: per
    ///   household that joined from a snapshot, the snapshot's checkpoint key and sequence number.
    /// - `"v10-product-source-fingerprints"`: `products.source_fingerprint` and its partial index: the source
    ///   fingerprint of a product's current version (`Product.sourceFingerprint`), so an import finds the records
    ///   it wrote before in one indexed query per batch. Rows stored before have none.
    /// - `"v11-provenance-stated-once"`: every stored product (`products`) and every product an outbox entry carries
    ///   (`product_outbox`) whose provenance is in the earlier form (each field stating its source in full) is
    ///   rewritten with each source stated once (`Product.restateProvenance()`); nothing else of a row changes.
    ///
    /// Migrations are never edited once released: a schema change is a new migration appended here, so a database
    /// created by any earlier version is migrated with its data kept. Every initializer of ``SQLiteStorage`` runs
    /// the migrator; to open a database at an earlier version (in a test), call
    /// `SQLiteStorage.migrator.migrate(writer, upTo: "v1")` on a writer of your own.
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try createGenericTables(db)
            try createProductTables(db)
            try createInventoryTables(db)
        }
        migrator.registerMigration("v2") { db in
            try addProductSearchText(db)
        }
        migrator.registerMigration("v3") { db in
            try createOutboxSequenceMarks(db)
        }
        migrator.registerMigration("v4-record-field-index") { db in
            try createRecordFieldIndex(db)
        }
        migrator.registerMigration("v5-inventory-checkpoints") { db in
            try db.execute(
                sql: """
                    CREATE TABLE inventory_checkpoints (
                        household_id TEXT NOT NULL, recorded_at REAL NOT NULL, replica_id TEXT NOT NULL,
                        entry_id TEXT NOT NULL, entry_count INTEGER NOT NULL, state BLOB NOT NULL,
                        PRIMARY KEY (household_id, recorded_at, replica_id, entry_id));
                    """)
        }
        migrator.registerMigration("v6-inventory-outbox-detached-rows") { db in
            // A fresh outbox entry written with its journal entry keeps its enqueue time here and no payload: its
            // change is the journal row (see `SQLiteOutboxPayloadSource`). Existing rows hold whole entries and
            // keep reading as they are.
            try db.execute(sql: "ALTER TABLE inventory_outbox ADD COLUMN enqueued_at REAL")
        }
        migrator.registerMigration("v7-inventory-pull-times") { db in
            try addInventoryPullTimes(db)
        }
        migrator.registerMigration("v8-record-composite-indexes") { db in
            try RecordCompositeIndex.createTables(db)
        }
        migrator.registerMigration("v9-inventory-snapshot-floors") { db in
            try db.execute(
                sql: """
                    CREATE TABLE inventory_snapshot_floors (
                        household_id TEXT PRIMARY KEY NOT NULL,
                        recorded_at REAL NOT NULL, replica_id TEXT NOT NULL, entry_id TEXT NOT NULL,
                        entry_count INTEGER NOT NULL, seq INTEGER NOT NULL)
                    """)
        }
        migrator.registerMigration("v10-product-source-fingerprints") { db in
            // Rows written before have no fingerprint (NULL): an import normalizes them once more, then records one.
            try db.execute(
                sql: """
                    ALTER TABLE products ADD COLUMN source_fingerprint TEXT;
                    CREATE INDEX products_by_source_fingerprint ON products (source_fingerprint)
                        WHERE source_fingerprint IS NOT NULL;
                    """)
        }
        migrator.registerMigration("v11-provenance-stated-once") { db in
            try restateProvenance(db)
        }
        migrator.registerMigration("v12-products-by-category-and-title") { db in
            // A category's page by title reads its rows in order from the index, where `(category_main,
            // category_sub)` alone made every page sort the whole category (~100 ms a page for a category of
            // 55,000 in a catalog of a million). The new index starts with the old one's columns, which it replaces.
            try db.execute(
                sql: """
                    CREATE INDEX products_by_category_title ON products (category_main, category_sub, title_key, product_id);
                    DROP INDEX products_by_category;
                    """)
        }
        return migrator
    }

    /// The identifiers of ``migrator``'s migrations, oldest first.
    public static var schemaVersions: [String] { migrator.migrations }

    /// Runs ``migrator`` on `dbWriter` while other processes may be opening the same new file (several `pantry`
    /// runs started at once on a store that does not exist yet).
    ///
    /// GRDB's migrator reads the applied migrations before it opens each migration's transaction, so two processes
    /// may both start the same migration: the second one fails (`duplicate column`, `table … already exists`) and
    /// its transaction rolls back. A failure after which more migrations are applied than before is that race: it
    /// is tried again (up to 50 times), and the migrator then finds the other process's work done. A failure
    /// without such progress is thrown.
    ///
    /// - Returns: the applied migrations this version does not know (a newer version migrated the file); nothing
    ///   was run then.
    /// - Throws: the migration's error.
    static func migrateBesideOtherProcesses(_ dbWriter: any DatabaseWriter) throws -> Set<String> {
        let migrator = migrator
        var attempts = 0
        while true {
            let before = try dbWriter.read { db in try migrator.appliedIdentifiers(db) }
            let unknown = before.subtracting(migrator.migrations)
            guard unknown.isEmpty else { return unknown }
            // Up to date: no write transaction, so a database another process is writing opens for reading at once.
            if before.count == migrator.migrations.count { return [] }
            do {
                try migrator.migrate(dbWriter)
                return []
            } catch {
                attempts += 1
                let after = (try? dbWriter.read { db in try migrator.appliedIdentifiers(db) }) ?? before
                guard attempts < 50, after.count > before.count else { throw error }
            }
        }
    }

    // MARK: - v1

    private static func createGenericTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE records (
                    scope TEXT NOT NULL,
                    collection TEXT NOT NULL,
                    id TEXT NOT NULL,
                    revision INTEGER NOT NULL,
                    payload BLOB NOT NULL,
                    fields TEXT NOT NULL,
                    PRIMARY KEY (scope, collection, id)
                );
                CREATE TABLE blobs (
                    scope TEXT NOT NULL,
                    id TEXT NOT NULL,
                    data BLOB NOT NULL,
                    PRIMARY KEY (scope, id)
                );
                """)
    }

    private static func createProductTables(_ db: Database) throws {
        // Dates are seconds since 2001-01-01 (`timeIntervalSinceReferenceDate`), the numbers `FieldValue.date`
        // orders by, so SQL order and keyset cursors agree with the reference evaluator.
        // Each sort column has a (column, product_id) index: the keyset range of a page and its tiebreak.
        try db.execute(
            sql: """
                CREATE TABLE products (
                    product_id TEXT NOT NULL PRIMARY KEY,
                    barcode TEXT UNIQUE,
                    title_key TEXT,
                    brand_key TEXT,
                    category_main TEXT,
                    category_sub TEXT,
                    status TEXT NOT NULL,
                    sync_state TEXT,
                    created_at REAL,
                    updated_at REAL,
                    payload BLOB NOT NULL,
                    CHECK (barcode IS NULL OR product_id = barcode)
                );
                CREATE INDEX products_by_updated_at ON products (updated_at, product_id);
                CREATE INDEX products_by_created_at ON products (created_at, product_id);
                CREATE INDEX products_by_title ON products (title_key, product_id);
                CREATE INDEX products_by_brand ON products (brand_key, product_id);
                CREATE INDEX products_by_category ON products (category_main, category_sub);
                CREATE INDEX products_by_status ON products (status);
                CREATE INDEX products_by_sync_state ON products (sync_state);
                CREATE TABLE product_tombstones (
                    product_id TEXT NOT NULL PRIMARY KEY,
                    migrated_to TEXT,
                    deleted_at REAL NOT NULL,
                    payload BLOB NOT NULL
                );
                CREATE TABLE product_sync (
                    product_id TEXT NOT NULL PRIMARY KEY,
                    status TEXT NOT NULL,
                    payload BLOB NOT NULL
                );
                CREATE TABLE product_sync_cursor (
                    feed TEXT NOT NULL PRIMARY KEY,
                    sequence INTEGER NOT NULL
                );
                """)
        try createOutboxTable("product_outbox", db)
    }

    private static func createInventoryTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE inventory_journal (
                    entry_id TEXT NOT NULL PRIMARY KEY,
                    household_id TEXT NOT NULL,
                    recorded_at REAL NOT NULL,
                    payload BLOB NOT NULL
                );
                CREATE INDEX inventory_journal_by_household ON inventory_journal (household_id, recorded_at);
                CREATE TABLE inventory_sync_cursor (
                    household_id TEXT NOT NULL PRIMARY KEY,
                    sequence INTEGER NOT NULL
                );
                """)
        try createOutboxTable("inventory_outbox", db)
    }

    /// An outbox: entries keyed by operation id, found in enqueue order (`sequence`) and by entity.
    private static func createOutboxTable(_ table: String, _ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE \(table) (
                    operation_id TEXT NOT NULL PRIMARY KEY,
                    entity_id TEXT NOT NULL,
                    sequence INTEGER NOT NULL,
                    quarantined INTEGER NOT NULL CHECK (quarantined IN (0, 1)),
                    next_attempt_at REAL,
                    payload BLOB NOT NULL
                );
                CREATE INDEX \(table)_by_sequence ON \(table) (sequence, operation_id);
                CREATE INDEX \(table)_by_entity ON \(table) (entity_id, sequence);
                """)
    }

    // MARK: - v2

    /// Adds `products.search_text` and fills it for the products stored by v1, in batches of 500.
    ///
    /// A payload that does not decode keeps an empty search text: reading that product throws a corrupt-record
    /// error anyway, and a migration that failed on it would make the whole database unusable.
    private static func addProductSearchText(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE products ADD COLUMN search_text TEXT NOT NULL DEFAULT ''")
        let update = try db.makeStatement(sql: "UPDATE products SET search_text = ? WHERE product_id = ?")
        try forEachPayload(table: "products", key: "product_id", db) { id, payload in
            guard let product = try? RecordCoding.decode(Product.self, from: payload) else { return }
            try update.execute(arguments: [ProductColumns(product, syncState: nil).searchText, id])
        }
    }

    /// Calls `body` with every row's key and payload of `table`, in key order, read in batches of 500 (so `body`
    /// may update the rows it is given).
    private static func forEachPayload(
        table: String, key: String, _ db: Database, _ body: (String, Data) throws -> Void
    ) throws {
        let batch = try db.makeStatement(
            sql: "SELECT \(key), payload FROM \(table) WHERE \(key) > ? ORDER BY \(key) LIMIT 500")
        var after = ""
        while true {
            let rows = try Row.fetchAll(batch, arguments: [after])
            guard let last = rows.last else { return }
            for row in rows { try body(row[0], row[1]) }
            after = last[0]
        }
    }

    // MARK: - v3

    /// Adds `outbox_sequence_marks(outbox, value)`: one row per outbox table (`product_outbox`,
    /// `inventory_outbox`) holding the highest sequence it ever committed, raised in the transaction that writes
    /// the entries. Each row starts at the highest sequence the outbox holds now.
    private static func createOutboxSequenceMarks(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE outbox_sequence_marks (
                    outbox TEXT NOT NULL PRIMARY KEY,
                    value INTEGER NOT NULL
                );
                INSERT INTO outbox_sequence_marks (outbox, value)
                    SELECT 'product_outbox', sequence FROM product_outbox ORDER BY sequence DESC LIMIT 1;
                INSERT INTO outbox_sequence_marks (outbox, value)
                    SELECT 'inventory_outbox', sequence FROM inventory_outbox ORDER BY sequence DESC LIMIT 1;
                """)
    }

    // MARK: - v4

    /// Adds the field index of the generic records and indexes every stored record; a record whose fields do not
    /// decode is indexed as nulls, so queries still reach it and name it as damaged.
    private static func createRecordFieldIndex(_ db: Database) throws {
        try RecordFieldIndex.createTables(db)
        try RecordFieldIndex.build(db)
    }

    // MARK: - v7

    /// Creates `inventory_pull_times`: per household, the time of its last successful pull, written beside (not
    /// into) its row of `inventory_sync_cursor`.
    private static func addInventoryPullTimes(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE inventory_pull_times (
                    household_id TEXT NOT NULL PRIMARY KEY,
                    pulled_at REAL NOT NULL
                );
                """)
    }

    // MARK: - v11

    /// Rewrites the provenance of the stored products and of the products the outbox carries in the stored form,
    /// in batches of 500 by key. A payload that does not decode is left as it is (reading it reports it), as are
    /// rows whose provenance is in the stored form already, absent or unreadable; a detached outbox row (no payload)
    /// reads its product from its journal row and has nothing to rewrite.
    private static func restateProvenance(_ db: Database) throws {
        try rewritePayloads(table: "products", key: "product_id", db) { payload in
            var product = try RecordCoding.decode(Product.self, from: payload)
            guard product.restateProvenance() else { return nil }
            return try RecordCoding.encode(product)
        }
        try rewritePayloads(table: "product_outbox", key: "operation_id", db) { payload in
            guard !payload.isEmpty else { return nil }
            var entry = try RecordCoding.decode(OutboxEntry<ProductChange>.self, from: payload)
            guard var product = entry.payload.product, product.restateProvenance() else { return nil }
            entry.payload.product = product
            return try RecordCoding.encode(entry)
        }
    }

    /// Runs `rewrite` over every payload of `table`, by `key`, storing what it answers; a payload it throws on, or
    /// answers `nil` for, stays as it is.
    private static func rewritePayloads(
        table: String, key: String, _ db: Database, _ rewrite: (Data) throws -> Data?
    ) throws {
        let update = try db.makeStatement(sql: "UPDATE \(table) SET payload = ? WHERE \(key) = ?")
        try forEachPayload(table: table, key: key, db) { id, payload in
            guard let rewritten = try? rewrite(payload) else { return }
            try update.execute(arguments: [rewritten, id])
        }
    }
}
