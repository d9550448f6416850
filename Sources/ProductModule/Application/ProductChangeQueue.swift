import Foundation
import InventoryKit
import InventorySync

/// Makes the outbox entries of product changes: a fresh operation id and the next sequence of the replica.
struct ProductChangeQueue: Sendable {
    /// Hands out sequences, unique under concurrent calls and across restarts.
    let sequencer: OutboxSequencer
    /// The source of operation ids.
    let makeUUID: @Sendable () -> UUID

    /// Adds `change` to `transaction` with its entry, its sync record and its product.
    func enqueue(
        _ change: ProductChange, previous: ProductSyncRecord?, replacing pending: ProductOutboxEntry?,
        into transaction: inout ProductLocalTransaction, now: Date
    ) async throws {
        let entry = ProductOutboxEntry(
            operationID: makeUUID(), entityID: change.productID.rawValue, sequence: try await sequencer.next().lowerBound,
            payload: change, enqueuedAt: now)
        transaction.enqueue(change, as: entry, previous: previous, replacing: pending)
    }
}
