import Foundation
import InventoryKit

/// One data store of an ``InMemoryStorageProvider``; every call is served by the provider's actor.
public struct InMemoryDataStore: DataStore {
    let provider: InMemoryStorageProvider
    /// The store's scope.
    public let scope: StorageScope

    /// Creates or replaces a blob.
    public func write(_ data: Data, to id: RecordID) async throws {
        try await provider.writeBlob(data, to: id, scope: scope)
    }

    /// The blob's bytes, or `nil`.
    public func read(_ id: RecordID) async throws -> Data? {
        try await provider.readBlob(id, scope: scope)
    }

    /// Deletes a blob.
    @discardableResult
    public func delete(_ id: RecordID) async throws -> Bool {
        try await provider.deleteBlob(id, scope: scope)
    }

    /// Up to `limit` ids after `after`, in order.
    public func list(after: RecordID?, limit: Int) async throws -> [RecordID] {
        try await provider.listBlobs(after: after, limit: limit, scope: scope)
    }
}
