import Foundation
import InventoryKit

/// One metadata store of a ``JSONFileStorage``; every call is served by the storage's actor.
public struct JSONFileMetadataStore: MetadataStore {
    let storage: JSONFileStorage
    /// The store's scope.
    public let scope: StorageScope

    /// The record with this id, or `nil`.
    public func record(_ id: RecordID, in collection: RecordCollection) async throws -> StoredRecord? {
        try await storage.record(id, in: collection, scope: scope)
    }

    /// The records with these ids that exist, in one actor hop.
    public func records(_ ids: [RecordID], in collection: RecordCollection) async throws -> [StoredRecord] {
        try await storage.records(ids, in: collection, scope: scope)
    }

    /// One page of matching records.
    public func query(_ query: RecordQuery, in collection: RecordCollection) async throws -> RecordPage<StoredRecord> {
        try await storage.query(query, in: collection, scope: scope)
    }

    /// How many records match, counted on the index.
    public func count(matching filter: RecordFilter?, in collection: RecordCollection) async throws -> Int {
        try await storage.count(matching: filter, in: collection, scope: scope)
    }

    /// Applies writes atomically.
    public func apply(_ writes: [RecordWrite]) async throws {
        try await storage.apply(writes, scope: scope)
    }
}
