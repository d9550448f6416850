import Foundation
import GRDBSQLite

/// A prepared statement of a ``RawDatabase``, reused across rows: bind, step, reset.
final class RawStatement {
    let handle: OpaquePointer
    private let database: RawDatabase

    init(handle: OpaquePointer, database: RawDatabase) {
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
