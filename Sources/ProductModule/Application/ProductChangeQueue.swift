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
        enqueue(
            change, sequence: try await sequencer.next().lowerBound, previous: previous, replacing: pending,
            into: &transaction, now: now)
    }

    /// The first of `count` consecutive sequences for entries a command enqueues one after the other (the entry at
    /// offset `n` takes the first plus `n`), reserved in one call to the sequencer: a call per entry costs two
    /// executor hops, which a bulk command of a thousand products felt. Sequences a failed command leaves unused are
    /// never handed out again, so the outbox's order may have gaps, never repeats.
    func reserve(_ count: Int) async throws -> Int64 {
        try await sequencer.next(count).lowerBound
    }

    /// Adds `change` to `transaction` with its entry, numbered `sequence`, its sync record and its product.
    func enqueue(
        _ change: ProductChange, sequence: Int64, previous: ProductSyncRecord?, replacing pending: ProductOutboxEntry?,
        into transaction: inout ProductLocalTransaction, now: Date
    ) {
        let entry = ProductOutboxEntry(
            operationID: makeUUID(), entityID: change.productID.rawValue, sequence: sequence, payload: change,
            enqueuedAt: now)
        transaction.enqueue(change, as: entry, previous: previous, replacing: pending)
    }
}
