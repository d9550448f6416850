import Foundation
import InventoryKit

/// One data store of a ``JSONFileStorage``: one file per blob, written atomically.
public struct JSONFileDataStore: DataStore {
    let storage: JSONFileStorage
    /// The store's scope.
    public let scope: StorageScope

    /// Creates or replaces a blob.
    public func write(_ data: Data, to id: RecordID) async throws {
        try await storage.writeBlob(data, to: id, scope: scope)
    }

    /// The blob's bytes, or `nil`.
    public func read(_ id: RecordID) async throws -> Data? {
        try await storage.readBlob(id, scope: scope)
    }

    /// Deletes a blob.
    @discardableResult
    public func delete(_ id: RecordID) async throws -> Bool {
        try await storage.deleteBlob(id, scope: scope)
    }

    /// Up to `limit` ids after `after`, in order.
    public func list(after: RecordID?, limit: Int) async throws -> [RecordID] {
        try await storage.listBlobs(after: after, limit: limit, scope: scope)
    }
}
