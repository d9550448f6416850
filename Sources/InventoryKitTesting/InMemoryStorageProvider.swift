import Foundation
import InventoryKit

/// A complete `StorageProvider` held in memory, for tests and previews.
///
/// One actor owns all four stores, so ``commit(_:)`` is atomic across both metadata stores just as the protocol
/// requires. Faults can be injected to test that callers never half-write:
///
/// ```swift
/// let storage = InMemoryStorageProvider()
/// await storage.failNextWrites(1)          // the next apply/commit/write throws a backend failure
/// ```
///
/// ``snapshot()`` and ``restore(_:)`` copy the whole state, to simulate a restart with the same disk.
public actor InMemoryStorageProvider: StorageProvider {
    /// Everything the provider holds; a value, so it can be compared and restored.
    public struct Snapshot: Hashable, Sendable {
        /// Records by scope, collection and id.
        public var records: [StorageScope: [RecordCollection: [RecordID: StoredRecord]]] = [:]
        /// Blobs by scope and id.
        public var blobs: [StorageScope: [RecordID: Data]] = [:]

        /// Creates a snapshot.
        public init(records: [StorageScope: [RecordCollection: [RecordID: StoredRecord]]] = [:], blobs: [StorageScope: [RecordID: Data]] = [:]) {
            self.records = records
            self.blobs = blobs
        }
    }

    private var state = Snapshot()
    private var failingWrites = 0
    private var failingReads = 0

    /// The user's private records.
    public nonisolated var userMetadata: any MetadataStore { InMemoryMetadataStore(provider: self, scope: .user) }
    /// Shared reference records.
    public nonisolated var domainMetadata: any MetadataStore { InMemoryMetadataStore(provider: self, scope: .domain) }
    /// The user's private blobs.
    public nonisolated var userData: any DataStore { InMemoryDataStore(provider: self, scope: .user) }
    /// Shared blobs.
    public nonisolated var domainData: any DataStore { InMemoryDataStore(provider: self, scope: .domain) }

    /// Creates an empty provider, or one holding a snapshot.
    public init(_ snapshot: Snapshot = Snapshot(records: [:], blobs: [:])) {
        state = snapshot
    }

    // MARK: - Fault injection

    /// Makes the next `count` writes (record batches, commits, blob writes and deletes) throw
    /// `StorageError.backendFailure(operation:reason:)` without writing anything.
    public func failNextWrites(_ count: Int) {
        failingWrites = max(0, count)
    }

    /// Makes the next `count` reads (record lookups, queries, blob reads) throw
    /// `StorageError.backendFailure(operation:reason:)`.
    public func failNextReads(_ count: Int) {
        failingReads = max(0, count)
    }

    // MARK: - Snapshots

    /// A copy of everything the provider holds.
    public func snapshot() -> Snapshot { state }

    /// Replaces everything the provider holds.
    public func restore(_ snapshot: Snapshot) { state = snapshot }

    /// Replaces a stored payload directly, bypassing validation, to simulate corruption on disk.
    public func corrupt(_ id: RecordID, in collection: RecordCollection, scope: StorageScope, payload: Data) {
        state.records[scope, default: [:]][collection, default: [:]][id]?.payload = payload
    }

    // MARK: - StorageProvider

    /// Applies the writes of both metadata stores atomically, in time proportional to the batch: every
    /// precondition is checked against the state the earlier writes of the batch would produce before anything
    /// is written.
    public func commit(_ batch: StorageBatch) throws {
        try consumeWriteFault("commit")
        var staged = StagedWrites()
        try staged.stage(batch.user, scope: .user, over: state)
        try staged.stage(batch.domain, scope: .domain, over: state)
        staged.write(into: &state)
    }

    // MARK: - Store operations

    func record(_ id: RecordID, in collection: RecordCollection, scope: StorageScope) throws -> StoredRecord? {
        try collection.validate()
        try consumeReadFault("record")
        return state.records[scope]?[collection]?[id]
    }

    func records(_ ids: [RecordID], in collection: RecordCollection, scope: StorageScope) throws -> [StoredRecord] {
        try collection.validate()
        try consumeReadFault("records")
        let stored = state.records[scope]?[collection] ?? [:]
        return ids.compactMap { stored[$0] }
    }

    func query(_ query: RecordQuery, in collection: RecordCollection, scope: StorageScope) throws -> RecordPage<StoredRecord> {
        try collection.validate()
        try query.validate()
        try consumeReadFault("query")
        return try RecordQueryEvaluator.page((state.records[scope]?[collection] ?? [:]).values, query: query)
    }

    func apply(_ writes: [RecordWrite], scope: StorageScope) throws {
        try consumeWriteFault("apply")
        var staged = StagedWrites()
        try staged.stage(writes, scope: scope, over: state)
        staged.write(into: &state)
    }

    func writeBlob(_ data: Data, to id: RecordID, scope: StorageScope) throws {
        try consumeWriteFault("write")
        state.blobs[scope, default: [:]][id] = data
    }

    func readBlob(_ id: RecordID, scope: StorageScope) throws -> Data? {
        try consumeReadFault("read")
        return state.blobs[scope]?[id]
    }

    func deleteBlob(_ id: RecordID, scope: StorageScope) throws -> Bool {
        try consumeWriteFault("delete")
        return state.blobs[scope]?.removeValue(forKey: id) != nil
    }

    func listBlobs(after: RecordID?, limit: Int, scope: StorageScope) throws -> [RecordID] {
        guard limit >= 1 else { throw StorageError.invalidQuery(reason: "limit \(limit) is below 1") }
        try consumeReadFault("list")
        let ids = (state.blobs[scope] ?? [:]).keys.filter { id in after.map { $0 < id } ?? true }
        return Array(ids.sorted().prefix(limit))
    }

    // MARK: - Helpers

    private func consumeWriteFault(_ operation: String) throws {
        guard failingWrites > 0 else { return }
        failingWrites -= 1
        throw StorageError.backendFailure(operation: operation, reason: "injected write failure")
    }

    private func consumeReadFault(_ operation: String) throws {
        guard failingReads > 0 else { return }
        failingReads -= 1
        throw StorageError.backendFailure(operation: operation, reason: "injected read failure")
    }
}

// MARK: - Staged writes

extension InMemoryStorageProvider {
    /// The records a batch will leave, by key, computed without touching the provider's state; written in place
    /// once every precondition held, so a commit costs O(batch) and a failed one writes nothing.
    struct StagedWrites {
        private struct Key: Hashable {
            let scope: StorageScope
            let collection: RecordCollection
            let id: RecordID
        }

        /// The final record of each key the batch touches (`nil`: deleted).
        private var records: [Key: StoredRecord?] = [:]

        /// Checks writes in order against `state` and the writes staged before them, and stages their results.
        ///
        /// - Throws: `StorageError.invalidCollectionName(_:reason:)` for an invalid collection name and
        ///   `StorageError.preconditionFailed(collection:id:expected:actualRevision:)` for a precondition that
        ///   does not hold; nothing is written either way.
        mutating func stage(_ writes: [RecordWrite], scope: StorageScope, over state: Snapshot) throws {
            for write in writes {
                try write.collection.validate()
                let key = Key(scope: scope, collection: write.collection, id: write.id)
                let current = records[key] ?? state.records[scope]?[write.collection]?[write.id]
                guard write.precondition.isSatisfied(byCurrentRevision: current?.revision) else {
                    throw StorageError.preconditionFailed(
                        collection: write.collection, id: write.id, expected: write.precondition,
                        actualRevision: current?.revision)
                }
                switch write.action {
                case .put(let payload, let fields):
                    records[key] = .some(
                        StoredRecord(id: write.id, payload: payload, fields: fields, revision: (current?.revision ?? 0) + 1))
                case .delete:
                    records[key] = .some(nil)
                }
            }
        }

        /// Writes the staged records into `state`, in place.
        func write(into state: inout Snapshot) {
            for (key, record) in records {
                if let record {
                    state.records[key.scope, default: [:]][key.collection, default: [:]][key.id] = record
                } else {
                    state.records[key.scope]?[key.collection]?[key.id] = nil
                }
            }
        }
    }
}
