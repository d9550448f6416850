import Foundation
import GRDBSQLite

/// SQLite's "copy the value now" destructor (the C macro does not import into Swift).
let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// The baselines' database: one connection through SQLite's C API, no wrapper library.
///
/// Opened with the durability settings of `SQLiteStorage`: WAL, `synchronous = NORMAL`, foreign keys on. Not
/// thread-safe; each side of a scenario uses its own connection from one task.
final class RawDatabase {
    let handle: OpaquePointer

    /// Opens (or creates) the database file at `path`.
    init(path: String) throws {
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

    /// Moves the WAL into the database file and empties it (before a database file is copied).
    func checkpoint() throws {
        let code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        guard code == SQLITE_OK else { throw error(code, "wal_checkpoint(TRUNCATE)") }
    }

    func error(_ code: Int32, _ operation: String) -> BenchmarkError {
        .sqlite(operation: String(operation.prefix(120)), code: code, message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// A prepared statement of a ``RawDatabase``, reused across rows: bind, step, reset.
final class RawStatement {
    let handle: OpaquePointer
    private let database: RawDatabase

    fileprivate init(handle: OpaquePointer, database: RawDatabase) {
        self.handle = handle
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
    }

    func bind(_ index: Int32, _ text: String?) {
        guard let text else {
            sqlite3_bind_null(handle, index)
            return
        }
        sqlite3_bind_text(handle, index, text, -1, sqliteTransient)
    }

    func bind(_ index: Int32, _ number: Double?) {
        guard let number else {
            sqlite3_bind_null(handle, index)
            return
        }
        sqlite3_bind_double(handle, index, number)
    }

    func bind(_ index: Int32, _ number: Int64) {
        sqlite3_bind_int64(handle, index, number)
    }

    func bind(_ index: Int32, _ data: Data) {
        data.withUnsafeBytes { bytes in
            _ = sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), sqliteTransient)
        }
    }

    /// Runs the statement to its next row; `false` when it is done. Call ``reset()`` before binding again.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw database.error(code, String(cString: sqlite3_sql(handle)))
        }
    }

    /// Runs a statement that returns no row, then resets it.
    func run() throws {
        _ = try step()
        sqlite3_reset(handle)
    }

    func reset() {
        sqlite3_reset(handle)
    }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        return String(cString: bytes)
    }

    func double(_ column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    func data(_ column: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// The column's value as SQLite holds it: type tag and bytes, for comparing tables.
    func rawValue(_ column: Int32) -> (type: Int32, bytes: UnsafeRawBufferPointer) {
        let type = sqlite3_column_type(handle, column)
        switch type {
        case SQLITE_NULL:
            return (type, UnsafeRawBufferPointer(start: nil, count: 0))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, column))
            return (type, UnsafeRawBufferPointer(start: sqlite3_column_blob(handle, column), count: count))
        default:
            let text = sqlite3_column_text(handle, column)
            let count = Int(sqlite3_column_bytes(handle, column))
            return (type, UnsafeRawBufferPointer(start: text, count: count))
        }
    }

    var columnCount: Int32 { sqlite3_column_count(handle) }
}
