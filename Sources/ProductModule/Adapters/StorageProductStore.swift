import Foundation
import InventoryKit
import InventorySync

/// The product module's local ports on top of any `StorageProvider`: a client that implemented one provider
/// gets a working product module.
///
/// Layout: products and tombstones in the domain metadata store (collections `products` and
/// `product-tombstones`); sync records, the outbox, the outbox's sequence mark and the pull cursor in the user
/// metadata store (`product-sync`, `product-outbox`, `product-outbox-sequence`, `product-sync-cursor`). Every
/// ``commit(_:)`` is one `StorageProvider.commit(_:)`, atomic across both stores. Queries run natively in the
/// store through `ProductQuery.recordQuery()` on the fields of ``Product/indexedFields(syncState:)``.
public struct StorageProductStore: ProductStore {
    /// The collection of products in the domain metadata store.
    public static let productCollection: RecordCollection = "products"
    /// The collection holding the pull cursor in the user metadata store.
    public static let cursorCollection: RecordCollection = "product-sync-cursor"
    /// The collection holding the outbox's sequence high-water mark in the user metadata store.
    public static let outboxSequenceCollection: RecordCollection = "product-outbox-sequence"

    /// The storage everything goes through.
    public let storage: any StorageProvider

    /// The outbox's sequence high-water mark, in the user metadata store.
    private var sequenceMark: OutboxSequenceMark<ProductChange> {
        OutboxSequenceMark(
            storage: storage, collection: Self.outboxSequenceCollection, id: RecordID(rawValue: "products") ?? RecordID(UUID()))
    }

    /// Creates the store on a provider.
    public init(storage: any StorageProvider) {
        self.storage = storage
    }

    // MARK: - Reads

    /// The product with this id, or `nil`.
    public func product(_ id: ProductID) async throws -> Product? {
        guard let stored = try await storage.domainMetadata.record(id.recordID, in: Self.productCollection) else {
            return nil
        }
        return try Self.decodeProduct(stored)
    }

    /// The tombstone of a product, or `nil`.
    public func tombstone(_ id: ProductID) async throws -> ProductTombstone? {
        try await storage.domainMetadata.load(ProductTombstone.self, id: id.recordID)
    }

    /// One page of products, executed by the metadata store. A product that does not decode, like a record the
    /// store could not read, is left out and named in ``ProductPage/damaged``.
    public func query(_ query: ProductQuery) async throws -> ProductPage {
        let recordQuery = try query.recordQuery()
        let page = try await storage.domainMetadata.query(recordQuery, in: Self.productCollection)
        var products: [Product] = []
        products.reserveCapacity(page.records.count)
        var damaged = page.damaged
        for stored in page.records {
            do {
                products.append(try Self.decodeProduct(stored))
            } catch {
                damaged.append(DamagedRecord(collection: Self.productCollection, id: stored.id, error: error))
            }
        }
        return ProductPage(products: products, nextCursor: page.nextCursor.map(PageCursor.init), damaged: damaged)
    }

    /// The sync record of a product.
    public func syncRecord(_ id: ProductID) async throws -> ProductSyncRecord? {
        try await storage.userMetadata.load(ProductSyncRecord.self, id: id.recordID)
    }

    /// The outbox entries that are not quarantined, in enqueue order.
    public func pendingEntries(limit: Int) async throws -> [ProductOutboxEntry] {
        let page = try await storage.userMetadata.query(
            ProductOutboxEntry.self, ProductOutboxEntry.dueQuery(limit: max(1, min(limit, RecordQuery.maximumLimit))))
        return page.records
    }

    /// The due outbox entries in enqueue order: one query filtering on the quarantine flag and the next attempt.
    public func dueEntries(at now: Date, limit: Int) async throws -> [ProductOutboxEntry] {
        try await storage.userMetadata.query(ProductOutboxEntry.self, ProductOutboxEntry.dueQuery(at: now, limit: limit)).records
    }

    /// The sync records of several products, in one read of the user metadata store.
    public func syncRecords(_ ids: [ProductID]) async throws -> [ProductID: ProductSyncRecord] {
        let stored = try await storage.userMetadata.records(ids.map(\.recordID), in: ProductSyncRecord.collection)
        var records: [ProductID: ProductSyncRecord] = [:]
        for record in stored {
            let decoded = try ProductSyncRecord.decode(record)
            records[decoded.productID] = decoded
        }
        return records
    }

    /// The local states of several products: four batched reads (products, tombstones, sync records, and the
    /// outbox entries the sync records name).
    public func localStates(_ ids: [ProductID]) async throws -> [ProductID: ProductLocalState] {
        let keys = ids.map(\.recordID)
        var states: [ProductID: ProductLocalState] = [:]
        for stored in try await storage.domainMetadata.records(keys, in: Self.productCollection) {
            let product = try Self.decodeProduct(stored)
            states[product.productID, default: ProductLocalState()].product = product
        }
        for stored in try await storage.domainMetadata.records(keys, in: ProductTombstone.collection) {
            let tombstone = try ProductTombstone.decode(stored)
            states[tombstone.productID, default: ProductLocalState()].tombstone = tombstone
        }
        var pending: [RecordID: ProductID] = [:]
        for (id, record) in try await syncRecords(ids) {
            states[id, default: ProductLocalState()].syncRecord = record
            if let operation = record.pendingOperationID { pending[RecordID(operation)] = id }
        }
        for stored in try await storage.userMetadata.records(Array(pending.keys), in: ProductOutboxEntry.collection) {
            let entry = try ProductOutboxEntry.decode(stored)
            if let id = pending[stored.id] { states[id, default: ProductLocalState()].pendingEntry = entry }
        }
        return states
    }

    /// The quarantined outbox entries, in enqueue order.
    public func quarantinedEntries() async throws -> [ProductOutboxEntry] {
        try await storage.userMetadata.all(
            matching: .equals("quarantined", .bool(true)), sort: [.ascending("sequence")],
            in: ProductOutboxEntry.collection
        ).map { stored throws(StorageError) in try ProductOutboxEntry.decode(stored) }
    }

    /// The pending outbox entry of a product, if any: the entry its sync record names (one lookup by key,
    /// never a scan of the outbox).
    public func pendingEntry(for id: ProductID) async throws -> ProductOutboxEntry? {
        guard let operation = try await syncRecord(id)?.pendingOperationID else { return nil }
        return try await storage.userMetadata.load(ProductOutboxEntry.self, id: RecordID(operation))
    }

    /// The number of outbox entries.
    public func outboxCount() async throws -> Int {
        try await storage.userMetadata.count(matching: nil, in: ProductOutboxEntry.collection)
    }

    /// The highest outbox sequence this store has ever committed, or 0: the stored mark, or the highest sequence
    /// in the outbox when that is higher (a store written before the mark existed).
    public func lastSequence() async throws -> Int64 {
        try await sequenceMark.lastSequence()
    }

    /// The position in the remote change feed.
    public func pullCursor() async throws -> Int64? {
        try await storage.userMetadata.load(PullCursor.self, id: PullCursor.id)?.sequence
    }

    // MARK: - Writes

    /// Applies a transaction as one atomic `StorageProvider` commit.
    ///
    /// A ``ProductLocalTransaction/syncStateChanges`` entry rewrites the stored product's indexed fields (its
    /// payload is kept as stored) under a revision precondition, so a concurrent change of the product fails
    /// the commit instead of being overwritten. ``ProductLocalTransaction/requiredUnknown`` becomes `.absent`
    /// preconditions on the product, its tombstone and its sync record, checked by the provider's atomic commit.
    ///
    /// A transaction that touches the outbox also raises the outbox's sequence mark in the same batch, under a
    /// revision precondition on the mark; when a concurrent commit raised it first, the batch is retried with the
    /// mark read again.
    public func commit(_ transaction: ProductLocalTransaction) async throws {
        guard !transaction.isEmpty else { return }
        var batch = StorageBatch()
        let unknown = Set(transaction.requiredUnknown)
        var products = transaction.products
        var stateChanges: [ProductID: SyncStatusKind] = [:]
        let lastWrite = Dictionary(
            products.indices.map { (products[$0].product.productID, $0) }, uniquingKeysWith: { _, last in last })
        for change in transaction.syncStateChanges {
            if let index = lastWrite[change.productID] {
                products[index].syncState = change.syncState
            } else {
                stateChanges[change.productID] = change.syncState
            }
        }
        var guarded: Set<ProductID> = []
        for write in products {
            let payload = try RecordCoding.encode(write.product)
            let id = write.product.productID
            let precondition: RecordPrecondition = unknown.contains(id) && guarded.insert(id).inserted ? .absent : .none
            batch.domain.append(
                .put(
                    StoredRecord(id: id.recordID, payload: payload, fields: write.product.indexedFields(syncState: write.syncState)),
                    in: Self.productCollection, precondition: precondition))
        }
        // Every remaining condition is written in the order of `requiredUnknown`, so equal transactions make
        // equal batches.
        for id in transaction.requiredUnknown where guarded.insert(id).inserted {
            batch.domain.append(.delete(id.recordID, in: Self.productCollection, precondition: .absent))
        }
        let tombstoneWrites = Set(transaction.removedTombstones).union(transaction.tombstones.map(\.productID))
        var tombstonesGuarded = tombstoneWrites
        for id in transaction.requiredUnknown where tombstonesGuarded.insert(id).inserted {
            batch.domain.append(.delete(id.recordID, in: ProductTombstone.collection, precondition: .absent))
        }
        if !stateChanges.isEmpty {
            let keys = Dictionary(stateChanges.map { ($0.key.recordID, $0.value) }, uniquingKeysWith: { _, last in last })
            for var record in try await storage.domainMetadata.records(Array(keys.keys), in: Self.productCollection) {
                guard let state = keys[record.id] else { continue }
                record.fields[ProductIndexField.syncState.rawValue] = .string(state.rawValue)
                batch.domain.append(.put(record, in: Self.productCollection, precondition: .revision(record.revision)))
            }
        }
        for id in transaction.removedProducts { batch.domain.append(.delete(id.recordID, in: Self.productCollection)) }
        for tombstone in transaction.tombstones { batch.domain.append(try .save(tombstone)) }
        for id in transaction.removedTombstones { batch.domain.append(.delete(id.recordID, in: ProductTombstone.collection)) }
        var guardedRecords: Set<ProductID> = []
        for record in transaction.syncRecords {
            let first = unknown.contains(record.productID) && guardedRecords.insert(record.productID).inserted
            batch.user.append(try .save(record, precondition: first ? .absent : .none))
        }
        for id in transaction.requiredUnknown where guardedRecords.insert(id).inserted {
            batch.user.append(.delete(id.recordID, in: ProductSyncRecord.collection, precondition: .absent))
        }
        for id in transaction.removedOutboxEntries {
            batch.user.append(.delete(RecordID(id), in: ProductOutboxEntry.collection))
        }
        for entry in transaction.outboxEntries { batch.user.append(try .save(entry)) }
        if let cursor = transaction.pullCursor { batch.user.append(try .save(PullCursor(sequence: cursor))) }
        guard !transaction.outboxEntries.isEmpty || !transaction.removedOutboxEntries.isEmpty else {
            try await storage.commit(batch)
            return
        }
        try await sequenceMark.commit(batch, raisingTo: transaction.outboxEntries.lazy.map(\.sequence).max() ?? 0)
    }

    // MARK: - Helpers

    private static func decodeProduct(_ stored: StoredRecord) throws(StorageError) -> Product {
        do {
            return try RecordCoding.decode(Product.self, from: stored.payload)
        } catch {
            throw .corruptRecord(collection: productCollection, id: stored.id, reason: RecordCoding.describe(error))
        }
    }

    /// The stored position in the remote change feed.
    private struct PullCursor: StorableRecord {
        static let collection = StorageProductStore.cursorCollection
        static let id = RecordID(rawValue: "products") ?? RecordID(UUID())
        var sequence: Int64
        var recordID: RecordID { Self.id }
    }

}
