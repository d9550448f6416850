import Foundation
import InventorySync

/// Everything a decision needs from outside the state: household, time, replica, ids and known products.
///
/// The service resolves product references through its `ProductReferenceResolver` port before deciding, and
/// passes the answer in ``productExists``, so the decision stays pure and synchronous.
///
/// ```swift
/// let context = InventoryCommandContext(
///     householdId: home, now: clock.now(), replicaID: replica, correlationId: CorrelationID(UUID()),
///     makeUUID: { UUID() }, knownProducts: [milk, eggs])
/// ```
public struct InventoryCommandContext: Sendable {
    /// The household the command is for.
    public var householdId: HouseholdID
    /// The time the entries are recorded at.
    public var now: Date
    /// The deciding replica.
    public var replicaID: ReplicaID
    /// The caller's correlation id, copied into every entry.
    public var correlationId: CorrelationID
    /// The caller's idempotency key, if any: a key already used makes the decision return no entries.
    public var idempotencyKey: IdempotencyKey?
    /// The source of new UUIDs (entry, transaction, lot and item ids).
    public var makeUUID: @Sendable () -> UUID
    /// Whether the product module knows a product, as resolved by the caller.
    public var productExists: @Sendable (ProductReference) -> Bool

    /// Creates a context with a product lookup closure.
    public init(
        householdId: HouseholdID, now: Date, replicaID: ReplicaID, correlationId: CorrelationID,
        idempotencyKey: IdempotencyKey? = nil, makeUUID: @escaping @Sendable () -> UUID,
        productExists: @escaping @Sendable (ProductReference) -> Bool
    ) {
        self.householdId = householdId
        self.now = now
        self.replicaID = replicaID
        self.correlationId = correlationId
        self.idempotencyKey = idempotencyKey
        self.makeUUID = makeUUID
        self.productExists = productExists
    }

    /// Creates a context whose known products are a fixed set.
    public init(
        householdId: HouseholdID, now: Date, replicaID: ReplicaID, correlationId: CorrelationID,
        idempotencyKey: IdempotencyKey? = nil, makeUUID: @escaping @Sendable () -> UUID,
        knownProducts: Set<ProductReference>
    ) {
        self.init(
            householdId: householdId, now: now, replicaID: replicaID, correlationId: correlationId,
            idempotencyKey: idempotencyKey, makeUUID: makeUUID, productExists: { knownProducts.contains($0) })
    }
}
