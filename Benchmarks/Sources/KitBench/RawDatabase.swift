import Foundation
import GRDBSQLite

/// SQLite's "copy the value now" destructor (the C macro does not import into Swift).
let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// The baselines' database: one connection through SQLite's C API, no wrapper library.
///
/// Opened with the durability settings of `SQLiteStorage`: WAL, `synchronous = NORMAL`, foreign keys on. A writing
/// baseline compared with `SQLiteStorage`'s writer opens with ``writerCacheKiB`` (the writer's `cache_size`), so
/// both sides run the same pragmas. Not thread-safe; each side of a scenario uses its own connection from one task.
final class RawDatabase {
    let handle: OpaquePointer

    /// `SQLiteStorage.makeConfiguration`'s page cache of the writing connection: `PRAGMA cache_size = -32768`.
    static let writerCacheKiB = 32_768

    /// Opens (or creates) the database file at `path`; with `cacheKiB`, sets `PRAGMA cache_size = -cacheKiB`
    /// (otherwise SQLite's default of 2 MiB).
    init(path: String, cacheKiB: Int? = nil) throws {
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let connection else {
            sqlite3_close_v2(connection)
            throw BenchmarkError.sqlite(operation: "open \(path)", code: code, message: "cannot open")
        }
        handle = connection
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA synchronous = NORMAL")
        try execute("PRAGMA foreign_keys = ON")
        if let cacheKiB { try execute("PRAGMA cache_size = -\(cacheKiB)") }
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs SQL that returns no rows the caller needs (several statements allowed).
    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, sql) }
    }

    /// Compiles one statement.
    func prepare(_ sql: String) throws -> RawStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code, sql) }
        return RawStatement(handle: statement, database: self)
    }

    /// The number of rows of a table.
    func count(_ table: String) throws -> Int {
        let statement = try prepare("SELECT COUNT(*) FROM \(table)")
        _ = try statement.step()
        return Int(statement.int64(0))
    }

    /// Moves the WAL into the database file and empties it (before a database file is copied).
    func checkpoint() throws {
        let code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        guard code == SQLITE_OK else { throw error(code, "wal_checkpoint(TRUNCATE)") }
    }

    func error(_ code: Int32, _ operation: String) -> BenchmarkError {
        .sqlite(operation: String(operation.prefix(120)), code: code, message: String(cString: sqlite3_errmsg(handle)))
    }
}
