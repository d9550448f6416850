import Foundation
import InventoryKit
import InventorySync

/// Reads the product module's sync metadata: per-product sync records, the outbox, and the pull cursor.
///
/// Writes go through ``ProductLocalStore/commit(_:)`` so they are atomic with the product changes; an adapter
/// usually implements both ports on one database (``StorageProductStore`` does).
public protocol ProductSyncStateStore: Sendable {
    /// The sync record of a product, or `nil` when it has none.
    ///
    /// - Throws: a storage error.
    func syncRecord(_ id: ProductID) async throws -> ProductSyncRecord?

    /// The outbox entries that are not quarantined, in enqueue order, up to `limit`.
    ///
    /// - Throws: a storage error.
    func pendingEntries(limit: Int) async throws -> [ProductOutboxEntry]

    /// The quarantined outbox entries, in enqueue order.
    ///
    /// - Throws: a storage error.
    func quarantinedEntries() async throws -> [ProductOutboxEntry]

    /// The pending outbox entry of a product, if any (quarantined ones included).
    ///
    /// Every outbox entry of a product is the one its ``ProductSyncRecord/pendingOperationID`` names; adapters may
    /// look it up through that id.
    ///
    /// - Throws: a storage error.
    func pendingEntry(for id: ProductID) async throws -> ProductOutboxEntry?

    /// The number of outbox entries, quarantined ones included.
    ///
    /// - Throws: a storage error.
    func outboxCount() async throws -> Int

    /// The highest outbox sequence this store has ever committed (including entries removed since), or 0; it
    /// survives reopening the store.
    ///
    /// Acknowledged entries leave the outbox, so adapters keep a high-water mark, raised in the same atomic
    /// commit that writes outbox entries, and answer the higher of that mark and the highest sequence in the
    /// outbox: sequences are never handed out twice, also after every entry was acknowledged and the app restarted.
    ///
    /// - Throws: a storage error.
    func lastSequence() async throws -> Int64

    /// The position in the remote change feed, or `nil` before the first pull.
    ///
    /// - Throws: a storage error.
    func pullCursor() async throws -> Int64?

    /// The outbox entries due at `now` (not quarantined, no retry scheduled after `now`), in enqueue order, up
    /// to `limit`: what one push round sends.
    ///
    /// The default filters ``pendingEntries(limit:)``; an adapter should answer it with a query on the
    /// next-attempt time, so a round reads only what it pushes however many entries wait for a retry.
    ///
    /// - Throws: a storage error.
    func dueEntries(at now: Date, limit: Int) async throws -> [ProductOutboxEntry]

    /// The sync records of several products, keyed by id (products without one are absent).
    ///
    /// - Throws: a storage error.
    func syncRecords(_ ids: [ProductID]) async throws -> [ProductID: ProductSyncRecord]

    /// The operation each product's sync record names as pending (``ProductSyncRecord/pendingOperationID``), keyed
    /// by id; a product without a record, or whose record names no operation, is absent.
    ///
    /// Settling a push round asks this for every acknowledged product and reads whole records only where the
    /// answer is not the operation it pushed, so an adapter may read the one field instead of decoding records. It
    /// may also leave out a product it cannot answer that way (a record it cannot read): that product's record is
    /// then read whole, and its error thrown there.
    ///
    /// - Throws: a storage error.
    func pendingOperationIDs(_ ids: [ProductID]) async throws -> [ProductID: UUID]
}

extension ProductSyncStateStore {
    /// The default: `OutboxEntry.due(at:limit:amongPending:)` over ``pendingEntries(limit:)`` (reads ten
    /// times `limit` entries, more when those hold too few due ones).
    public func dueEntries(at now: Date, limit: Int) async throws -> [ProductOutboxEntry] {
        try await ProductOutboxEntry.due(at: now, limit: limit) { try await pendingEntries(limit: $0) }
    }

    /// The default: the operations named by ``syncRecords(_:)``.
    public func pendingOperationIDs(_ ids: [ProductID]) async throws -> [ProductID: UUID] {
        try await syncRecords(ids).compactMapValues(\.pendingOperationID)
    }

    /// The default: ``syncRecord(_:)`` for each id.
    public func syncRecords(_ ids: [ProductID]) async throws -> [ProductID: ProductSyncRecord] {
        var records: [ProductID: ProductSyncRecord] = [:]
        for id in ids where records[id] == nil {
            if let record = try await syncRecord(id) { records[id] = record }
        }
        return records
    }
}
