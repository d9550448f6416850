import Foundation
import InventoryKit

/// One data store (user or domain) of a ``SQLiteStorage``: its rows of the `blobs` table.
///
/// A blob is replaced in one transaction, so a reader sees the old bytes or the new ones; ids are plain column
/// values, so `../../etc/passwd` is just a key.
struct SQLiteDataStore: DataStore {
    /// The database the store lives in.
    let storage: SQLiteStorage
    /// The store's scope (user or domain).
    let scope: StorageScope

    /// Creates or replaces a blob.
    func write(_ data: Data, to id: RecordID) async throws {
        try await storage.writeBlob(data, to: id, scope: scope)
    }

    /// The blob's bytes, or `nil`.
    func read(_ id: RecordID) async throws -> Data? {
        try await storage.readBlob(id, scope: scope)
    }

    /// Deletes a blob; returns whether there was one.
    @discardableResult
    func delete(_ id: RecordID) async throws -> Bool {
        try await storage.deleteBlob(id, scope: scope)
    }

    /// Up to `limit` blob ids after `after`, in byte order.
    func list(after: RecordID?, limit: Int) async throws -> [RecordID] {
        try await storage.listBlobs(after: after, limit: limit, scope: scope)
    }
}
