import Foundation
import GRDB
import InventoryKit

extension SQLiteStorage {
    /// Writes a consistent copy of the live database to `path` (a file that must not exist yet) with SQLite's
    /// online backup API (GRDB's `backup(to:)`): the copy is one consistent state, whatever writers do meanwhile.
    ///
    /// - Throws: ``StorageError/backendFailure(operation:reason:)`` when the file exists or SQLite refuses.
    public func backup(to path: String) throws {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw StorageError.backendFailure(operation: "back up the database", reason: "\(path) exists already")
        }
        do {
            let copy = try DatabaseQueue(path: path)
            try reader.backup(to: copy)
            try copy.close()
        } catch {
            throw StorageError.wrapping(error, operation: "back up the database to \(path)", path: reader.path)
        }
    }

    /// What SQLite's `PRAGMA integrity_check` finds wrong with the database file; empty when it says `ok`.
    ///
    /// - Throws: ``StorageError/backendFailure(operation:reason:)`` when the check cannot run.
    public func integrityProblems() throws -> [String] {
        do {
            let rows = try reader.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
            return rows == ["ok"] ? [] : rows
        } catch {
            throw StorageError.wrapping(error, operation: "check the database", path: reader.path)
        }
    }

    /// The ids of every stored product, read from the table without decoding the products (for a check that
    /// decodes them one by one).
    ///
    /// - Throws: ``StorageError/backendFailure(operation:reason:)``.
    public func storedProductIDs() throws -> [String] {
        do {
            return try reader.read { db in try String.fetchAll(db, sql: "SELECT product_id FROM products ORDER BY product_id") }
        } catch {
            throw StorageError.wrapping(error, operation: "list the products", path: reader.path)
        }
    }
}
