import Foundation
import GRDB
import InventoryKit

// MARK: - Database Access: Reads

extension SQLiteStorage {
    /// The blob's bytes, or `nil`.
    func readBlob(_ id: RecordID, scope: StorageScope) async throws -> Data? {
        try await Self.perform("read blob \(id)", on: dbWriter) {
            try await dbWriter.read { db in
                let statement = try db.cachedStatement(sql: "SELECT data FROM blobs WHERE scope = ? AND id = ?")
                return try Data.fetchOne(statement, arguments: [scope.rawValue, id.rawValue])
            }
        }
    }

    /// Up to `limit` blob ids after `after`, in byte order (SQLite's `BINARY` collation, as `RecordID` orders).
    func listBlobs(after: RecordID?, limit: Int, scope: StorageScope) async throws -> [RecordID] {
        guard limit >= 1 else { throw StorageError.invalidQuery(reason: "limit \(limit) is below 1") }
        return try await Self.perform("list blobs", on: dbWriter) {
            try await dbWriter.read { db in
                let statement = try db.cachedStatement(
                    sql: "SELECT id FROM blobs WHERE scope = ? AND id > ? ORDER BY id LIMIT ?")
                let raw = try String.fetchAll(statement, arguments: [scope.rawValue, after?.rawValue ?? "", limit])
                return try raw.map { raw in
                    guard let id = RecordID(rawValue: raw) else {
                        throw StorageError.backendFailure(
                            operation: "list blobs", reason: "the stored id \"\(raw.prefix(80))\" is not a valid record id")
                    }
                    return id
                }
            }
        }
    }
}

// MARK: - Database Access: Writes

extension SQLiteStorage {
    /// Creates or replaces a blob.
    func writeBlob(_ data: Data, to id: RecordID, scope: StorageScope) async throws {
        try await Self.perform("write blob \(id)", on: dbWriter) {
            try await dbWriter.write { db in
                // GRDB binds empty `Data` as NULL (no base address): `IFNULL` stores it as an empty blob.
                let statement = try db.cachedStatement(
                    sql: """
                        INSERT INTO blobs (scope, id, data) VALUES (?, ?, IFNULL(?, x''))
                        ON CONFLICT (scope, id) DO UPDATE SET data = excluded.data
                        """)
                try statement.execute(arguments: [scope.rawValue, id.rawValue, data])
            }
        }
    }

    /// Deletes a blob; returns whether there was one.
    func deleteBlob(_ id: RecordID, scope: StorageScope) async throws -> Bool {
        try await Self.perform("delete blob \(id)", on: dbWriter) {
            try await dbWriter.write { db in
                let statement = try db.cachedStatement(sql: "DELETE FROM blobs WHERE scope = ? AND id = ?")
                try statement.execute(arguments: [scope.rawValue, id.rawValue])
                return db.changesCount > 0
            }
        }
    }
}
