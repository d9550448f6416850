import Foundation
import InventorySync
import ProductModule

extension OutboxEntry where Payload == ProductChange {
    /// The outbox entry of `ProductChange.fixture(creating: product, replica: replica)`, for test data: enqueued at
    /// `sequence` when the product was last updated unless `enqueuedAt` says otherwise, with a new random operation id
    /// unless given. An entry with a `nextAttemptAt` was tried once and waits for its retry; a `quarantined` one was
    /// tried once and rejected (its `lastError` is "rejected").
    ///
    /// ```swift
    /// let entry = ProductOutboxEntry.fixture(creating: try Product.fixture(number: 1), sequence: 1)
    /// ```
    public static func fixture(
        creating product: Product, sequence: Int, operationID: UUID = UUID(), replica: ReplicaID = "tests",
        enqueuedAt: Date? = nil, nextAttemptAt: Date? = nil, quarantined: Bool = false
    ) -> ProductOutboxEntry {
        ProductOutboxEntry(
            operationID: operationID, entityID: product.productID.rawValue, sequence: Int64(sequence),
            payload: .fixture(creating: product, replica: replica), enqueuedAt: enqueuedAt ?? product.updatedAt,
            attempts: nextAttemptAt == nil && !quarantined ? 0 : 1, nextAttemptAt: nextAttemptAt,
            lastError: quarantined ? "rejected" : nil, isQuarantined: quarantined)
    }
}
