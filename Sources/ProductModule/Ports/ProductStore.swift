import Foundation
import InventoryKit
import InventorySync

/// Both local ports of the product module on one database, which is what ``ProductModuleService`` runs on.
///
/// An adapter that implements ``ProductLocalStore`` and ``ProductSyncStateStore`` declares `ProductStore` and
/// gets everything else from the defaults. It may implement ``localStates(_:)`` natively: the write commands
/// call it once per command (instead of four point reads per product), so a native version that answers in one
/// database read makes a single add or update cheaper.
public protocol ProductStore: ProductLocalStore, ProductSyncStateStore {
    /// The local state of each product the store knows (has a product, tombstone or sync record of), keyed by
    /// id; unknown ids are absent (callers read them as an empty ``ProductLocalState``).
    ///
    /// - Throws: a storage error, or a corrupt-record error naming the record.
    func localStates(_ ids: [ProductID]) async throws -> [ProductID: ProductLocalState]
}

extension ProductStore {
    /// The default: the point reads of both ports, one id after the other; the pending entry is read only when
    /// the sync record names one (or, for a record written before records named it, when it is not synced).
    public func localStates(_ ids: [ProductID]) async throws -> [ProductID: ProductLocalState] {
        var states: [ProductID: ProductLocalState] = [:]
        for id in Set(ids) {
            var state = ProductLocalState(
                product: try await product(id), tombstone: try await tombstone(id), syncRecord: try await syncRecord(id))
            if let record = state.syncRecord, record.mayHavePendingEntry {
                state.pendingEntry = try await pendingEntry(for: id)
            }
            if state != ProductLocalState() { states[id] = state }
        }
        return states
    }
}
