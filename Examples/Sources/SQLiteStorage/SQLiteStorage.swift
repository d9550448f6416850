import Foundation
import GRDB
import InventoryKit

/// A ``StorageProvider`` on one SQLite database, through GRDB: the four stores of the kit in two generic tables,
/// plus the native tables of ``SQLiteProductStore`` and ``SQLiteInventoryStore`` in the same file.
///
/// ```swift
/// let storage = try SQLiteStorage(path: documents.appendingPathComponent("inventory.sqlite").path)
/// let products = ProductModuleService(store: SQLiteProductStore(storage: storage), remote: gateway, replicaID: device)
/// let inventory = StorageInventoryStore(storage: storage)   // or SQLiteInventoryStore(storage: storage)
/// ```
///
/// ## Tables
/// - `records(scope, collection, id, revision, payload BLOB, fields TEXT)`: every record of both metadata stores;
///   `fields` holds the record's indexed fields as JSON, each value tagged with its kind so it reads back exactly.
/// - `record_field_names`, `record_fields(field, id, value)`: the field index of the records — one row per record
///   and field name its collection uses (NULL where the record lacks it), with ascending and descending indexes
///   ending in the id (``RecordFieldIndex``).
/// - `record_composites`, `record_composite_values(composite, id, equal_value, value)`: the composite indexes the
///   app declares for frequent queries (``SQLiteCompositeIndex``, ``RecordCompositeIndex``).
/// - `blobs(scope, id, data BLOB)`: both data stores.
/// - `products`, `product_tombstones`, `product_sync`, `product_outbox`, `product_sync_cursor`: the product
///   module's native tables (``SQLiteProductStore``).
/// - `inventory_journal`, `inventory_outbox`, `inventory_sync_cursor`, `inventory_pull_times`,
///   `inventory_checkpoints`: the inventory
///   module's native tables (``SQLiteInventoryStore``).
/// - `outbox_sequence_marks(outbox, value)`: the highest sequence each native outbox ever committed, so
///   sequences are not reused after acknowledged entries left it.
///
/// The schema is built by ``migrator``, a `DatabaseMigrator` with named migrations (`"v1"` … `"v8-record-composite-indexes"`), run
/// by every initializer: a database of any earlier version is brought up to date, its data kept.
///
/// ## Guarantees
/// - ``commit(_:)`` and every ``MetadataStore/apply(_:)`` are one SQLite transaction: preconditions are checked
///   inside it, and a failed one rolls the whole batch back.
/// - Files open as a `DatabasePool` in WAL mode with `synchronous = NORMAL`: readers never block the writer, and
///   a crash of the app keeps every committed transaction (a power loss may drop the last ones, never half of one).
/// - The write-ahead log is folded into the database file after a commit returns, not inside it: a commit that makes
///   the log pass 1,000 pages (SQLite's threshold) queues a passive checkpoint on the writer's queue, which runs before
///   the next write. A large commit (an import's batch) returns once its transaction is in the log, and its caller
///   prepares the next write meanwhile. ``close()`` folds in the rest.
/// - Generic record queries run in SQL on the field index: filters, sorts and keyset cursors are index ranges, so a
///   page costs the same at any depth and collection size, with results identical to `RecordQueryEvaluator` (the
///   conformance suite and the parity tests check it).
///
/// ## Threads
/// GRDB's asynchronous accesses run on the database's own dispatch queues: each costs two thread handoffs — more
/// than SQLite needs for a page of records or the few rows of one command. Small, bounded accesses therefore run synchronously on the calling task's thread (GRDB: "performing
/// synchronous accesses from Swift Concurrency tasks is not incorrect"): reads of single records and products, of
/// up to 500 ids and pages of up to 500 records, ``SQLiteProductStore`` commits of up to 64 rows and
/// ``SQLiteInventoryStore`` commits of up to 64 rows without checkpoints (a command's). Everything else — counts, bulk and pulled writes, journal reads, checkpoints, migrations — is
/// awaited, so no Swift concurrency thread is held for long.
public struct SQLiteStorage: StorageProvider {
    /// Access to the database.
    let dbWriter: any DatabaseWriter

    /// Creates the storage on a database connection and brings its schema up to date.
    ///
    /// A database that a newer version of the app migrated further (it lists migrations this version does not
    /// know) is refused rather than used with a schema this code does not understand.
    ///
    /// `compositeIndexes` are the pairs of fields to index together for frequent queries
    /// (``SQLiteCompositeIndex``): the missing ones are built, and pairs built by an earlier opening that are no
    /// longer declared are removed.
    ///
    /// On a `DatabasePool`, the storage replaces SQLite's automatic checkpoint of the writer connection by one queued
    /// after the commit that needs it (see "Guarantees"); a `wal_autocheckpoint` set on that connection afterwards
    /// takes its place again.
    ///
    /// - important: Create the writer with a configuration returned by ``makeConfiguration(_:)``.
    /// - Throws: ``StorageError/backendFailure(operation:reason:)`` when the database was migrated by a newer
    ///   version, or a migration fails (it is rolled back, and the database keeps its previous version);
    ///   ``StorageError/invalidQuery(reason:)`` or ``StorageError/invalidCollectionName(_:reason:)`` for a
    ///   composite index that cannot be built.
    public init(_ dbWriter: any DatabaseWriter, compositeIndexes: [SQLiteCompositeIndex] = []) throws {
        self.dbWriter = dbWriter
        try RecordCompositeIndex.validate(compositeIndexes)
        let unknown: Set<String>
        do {
            unknown = try Self.migrateBesideOtherProcesses(dbWriter)
        } catch {
            throw StorageError.wrapping(error, operation: "migrate the database schema", path: dbWriter.path)
        }
        guard unknown.isEmpty else {
            throw StorageError.backendFailure(
                operation: "open the database",
                reason: "it was migrated by a newer version (unknown migrations: \(unknown.sorted().joined(separator: ", ")))")
        }
        do {
            if try dbWriter.read({ db in try RecordCompositeIndex.needsSynchronizing(compositeIndexes, db) }) {
                try dbWriter.write { db in try RecordCompositeIndex.synchronize(compositeIndexes, db) }
            }
        } catch {
            throw StorageError.wrapping(error, operation: "build the composite indexes", path: dbWriter.path)
        }
        if let pool = dbWriter as? DatabasePool {
            pool.writeWithoutTransaction { db in WALCheckpoints.install(on: db, in: pool) }
        }
    }

    /// Opens (or creates) the database file at `path` as a `DatabasePool` in WAL mode, creating missing folders,
    /// with the declared composite indexes (see ``init(_:compositeIndexes:)``).
    ///
    /// `busyTimeout` is how long an access waits for another connection (another process) that holds the
    /// database before it fails with ``StorageError/locked(path:)``; the default is the five seconds of
    /// ``makeConfiguration(_:)``. A command-line tool may wait less, to report a store held by a long transaction
    /// promptly.
    ///
    /// - Throws: ``StorageError/locked(path:)`` when another process holds the database past `busyTimeout`;
    ///   ``StorageError/backendFailure(operation:reason:)`` when the file cannot be opened or migrated.
    public init(path: String, busyTimeout: TimeInterval = 5, compositeIndexes: [SQLiteCompositeIndex] = []) throws {
        let pool: DatabasePool
        do {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var configuration = Self.makeConfiguration()
            configuration.busyMode = .timeout(busyTimeout)
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw StorageError.wrapping(error, operation: "open \(path)", path: path)
        }
        try self.init(pool, compositeIndexes: compositeIndexes)
    }

    /// A new, empty, private in-memory database (a `DatabaseQueue`), for tests and previews.
    ///
    /// - Throws: ``StorageError/backendFailure(operation:reason:)`` when SQLite cannot create it.
    public static func inMemory() throws -> SQLiteStorage {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(configuration: makeConfiguration())
        } catch {
            throw StorageError.wrapping(error, operation: "open an in-memory database", path: ":memory:")
        }
        return try SQLiteStorage(queue)
    }

    /// Read-only access to the database, for diagnostics and for client code that reads the tables directly.
    public var reader: any DatabaseReader { dbWriter }

    /// Checkpoints the write-ahead log into the database file (emptying the `-wal` file), then closes the
    /// database connections; every later access throws. After `close()` the database file alone holds every
    /// change: a user who copies or backs up only `*.sqlite` loses nothing.
    ///
    /// - Throws: ``StorageError/backendFailure(operation:reason:)`` when SQLite refuses to checkpoint or close.
    public func close() throws {
        do {
            if dbWriter is DatabasePool {
                _ = try dbWriter.writeWithoutTransaction { try $0.checkpoint(.truncate) }
            }
            try dbWriter.close()
        } catch {
            throw StorageError.wrapping(error, operation: "close the database", path: dbWriter.path)
        }
    }

    // MARK: - StorageProvider

    /// The user's private records.
    public var userMetadata: any MetadataStore { SQLiteMetadataStore(storage: self, scope: .user) }
    /// Shared reference records.
    public var domainMetadata: any MetadataStore { SQLiteMetadataStore(storage: self, scope: .domain) }
    /// The user's private blobs.
    public var userData: any DataStore { SQLiteDataStore(storage: self, scope: .user) }
    /// Shared blobs.
    public var domainData: any DataStore { SQLiteDataStore(storage: self, scope: .domain) }

    /// Applies the writes of both metadata stores in one SQLite transaction.
    ///
    /// - Throws: ``StorageError``: an invalid collection name, a failed precondition, or a backend failure; the
    ///   transaction is rolled back then, so nothing of the batch was written.
    public func commit(_ batch: StorageBatch) async throws {
        try await apply(StorageScope.allCases.flatMap { scope in batch[scope].map { (scope, $0) } })
    }
}

// MARK: - Database Configuration

extension SQLiteStorage {
    /// Returns a database configuration suited for ``SQLiteStorage``: foreign keys on, `synchronous = NORMAL`,
    /// a five-second busy timeout for a second process (an app extension) writing the same file, and a 32 MiB
    /// page cache for the writing connection (readers keep SQLite's 2 MiB default).
    ///
    /// The writer's cache is memory used only as a transaction touches pages: a small file never fills it. A
    /// large transaction (a first pull of years of history, an import) writes several indexes in random order;
    /// with the default cache, SQLite spills its dirty pages to the WAL in mid-transaction and reads them back
    /// (`kitbench --only records.fill-remote` shows the difference; `docs/performance.md` has the figures). To
    /// choose another size, add a
    /// `prepareDatabase` step to the returned configuration that runs `PRAGMA cache_size`.
    ///
    /// - Parameter config: A base configuration.
    public static func makeConfiguration(_ config: Configuration = Configuration()) -> Configuration {
        var config = config
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(5)
        config.prepareDatabase { db in
            // With WAL, NORMAL keeps every transaction atomic and survives an app crash; only a power loss may
            // drop the last transactions. It saves an fsync per commit.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // The writer's page cache holds a large transaction's index pages (see above); readers keep the default.
            if !db.configuration.readonly { try db.execute(sql: "PRAGMA cache_size = -32768") }
        }
        return config
    }
}

// MARK: - Errors

extension SQLiteStorage {
    /// The most records a read may return to run synchronously on the calling thread (see "Threads").
    static let synchronousLimit = 500
    /// The most rows a write may touch to run synchronously on the calling thread (see "Threads").
    static let synchronousWriteLimit = 64

    /// Reads in one read transaction: on the calling thread when it returns at most ``synchronousLimit`` records
    /// (`size`; leave it out for an unbounded read), otherwise through GRDB's reader queue (see "Threads").
    /// Failures are reported as ``perform(_:on:_:)`` reports them.
    static func read<T: Sendable>(
        _ writer: any DatabaseWriter, _ operation: String, size: Int = .max,
        _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        guard size > synchronousLimit else {
            return try synchronously(operation, on: writer) { try writer.unsafeRead { db in try inReadTransaction(db, body) } }
        }
        return try await perform(operation, on: writer) { try await writer.read(body) }
    }

    /// Runs `body` in a deferred transaction (one snapshot for all its statements) that cached statements begin
    /// and end. GRDB's `read` does the same but parses `BEGIN` and `COMMIT` anew on every call: a tenth of the
    /// time of a page read on the calling thread (perf, `records.query-page`). The body only reads; a failed one
    /// rolls back.
    private static func inReadTransaction<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
        try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
        do {
            let value = try body(db)
            try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
            return value
        } catch {
            if db.isInsideTransaction { try? db.cachedStatement(sql: "ROLLBACK TRANSACTION").execute() }
            throw error
        }
    }

    /// Writes in one transaction: on the calling thread when it touches at most ``synchronousWriteLimit`` rows
    /// (`rows`; leave it out for an unbounded write), otherwise through GRDB's writer queue (see "Threads").
    /// Failures are reported as ``perform(_:on:_:)`` reports them.
    static func write<T: Sendable>(
        _ writer: any DatabaseWriter, _ operation: String, rows: Int = .max,
        _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        guard rows > synchronousWriteLimit else {
            return try synchronously(operation, on: writer) { try writer.write(body) }
        }
        return try await perform(operation, on: writer) { try await writer.write(body) }
    }

    /// Runs a database access on `database`, reporting its failure as a ``StorageError``.
    ///
    /// A `StorageError` (a failed precondition, a corrupt record) and cancellation pass through; a database another
    /// process held past the busy timeout becomes ``StorageError/locked(path:)``; anything else — a `DatabaseError`
    /// such as `SQLITE_CONSTRAINT`, a row that does not decode — becomes
    /// ``StorageError/backendFailure(operation:reason:)`` naming the operation.
    static func perform<T: Sendable>(
        _ operation: String, on database: any DatabaseReader, _ body: () async throws -> T
    ) async throws -> T {
        do {
            return try await body()
        } catch {
            throw storageError(error, operation: operation, path: database.path)
        }
    }

    /// Runs a synchronous access (a sync closure, so GRDB's synchronous `read`/`write` is the one called).
    private static func synchronously<T>(_ operation: String, on database: any DatabaseReader, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw storageError(error, operation: operation, path: database.path)
        }
    }

    /// The error a failed access reports: cancellation and a `StorageError` as they are, anything else wrapped
    /// (see ``StorageError/wrapping(_:operation:path:)``).
    private static func storageError(_ error: any Error, operation: String, path: String) -> any Error {
        error is CancellationError ? error : StorageError.wrapping(error, operation: operation, path: path)
    }
}
