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

    /// The highest outbox sequence in use, or 0.
    ///
    /// - Throws: a storage error.
    func lastSequence() async throws -> Int64

    /// The position in the remote change feed, or `nil` before the first pull.
    ///
    /// - Throws: a storage error.
    func pullCursor() async throws -> Int64?
}
