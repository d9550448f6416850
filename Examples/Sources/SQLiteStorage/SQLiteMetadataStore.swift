import Foundation
import InventoryKit

/// One metadata store (user or domain) of a ``SQLiteStorage``: its rows of the `records` table.
struct SQLiteMetadataStore: MetadataStore {
    /// The database the store lives in.
    let storage: SQLiteStorage
    /// The store's scope (user or domain).
    let scope: StorageScope

    /// The record with this id, or `nil`.
    func record(_ id: RecordID, in collection: RecordCollection) async throws -> StoredRecord? {
        try await storage.record(id, in: collection, scope: scope)
    }

    /// One page of the collection's records that match the query.
    func query(_ query: RecordQuery, in collection: RecordCollection) async throws -> RecordPage<StoredRecord> {
        try await storage.query(query, in: collection, scope: scope)
    }

    /// One page of the collection's records that match the query, without reading their indexed fields.
    func queryPayloads(_ query: RecordQuery, in collection: RecordCollection) async throws -> RecordPage<StoredRecord> {
        try await storage.query(query, in: collection, scope: scope, readsFields: false)
    }

    /// Applies writes in one transaction.
    func apply(_ writes: [RecordWrite]) async throws {
        try await storage.apply(writes.map { (scope, $0) })
    }

    /// The records with these ids, read in one transaction.
    func records(_ ids: [RecordID], in collection: RecordCollection) async throws -> [StoredRecord] {
        try await storage.records(ids, in: collection, scope: scope)
    }

    /// How many records match, counted natively.
    func count(matching filter: RecordFilter?, in collection: RecordCollection) async throws -> Int {
        try await storage.count(matching: filter, in: collection, scope: scope)
    }
}
