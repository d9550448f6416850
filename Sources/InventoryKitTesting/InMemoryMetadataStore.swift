import Foundation
import InventoryKit

/// One metadata store of an ``InMemoryStorageProvider``; every call is served by the provider's actor.
public struct InMemoryMetadataStore: MetadataStore {
    let provider: InMemoryStorageProvider
    /// The store's scope.
    public let scope: StorageScope

    /// The record with this id, or `nil`.
    public func record(_ id: RecordID, in collection: RecordCollection) async throws -> StoredRecord? {
        try await provider.record(id, in: collection, scope: scope)
    }

    /// The records with these ids that exist, in one actor hop.
    public func records(_ ids: [RecordID], in collection: RecordCollection) async throws -> [StoredRecord] {
        try await provider.records(ids, in: collection, scope: scope)
    }

    /// One page of matching records, computed by `RecordQueryEvaluator`.
    public func query(_ query: RecordQuery, in collection: RecordCollection) async throws -> RecordPage<StoredRecord> {
        try await provider.query(query, in: collection, scope: scope)
    }

    /// Applies writes atomically.
    public func apply(_ writes: [RecordWrite]) async throws {
        try await provider.apply(writes, scope: scope)
    }
}
