import Foundation
import InventorySync

/// Everything a decision needs from outside the state: household, time, replica, ids and known products.
///
/// The service resolves product references through its `ProductReferenceResolver` port before deciding, and
/// passes the answer in ``productExists``, so the decision stays pure and synchronous.
///
/// ```swift
/// let context = InventoryCommandContext(
///     householdID: home, now: clock.now(), replicaID: replica, correlationID: CorrelationID(UUID()),
///     makeUUID: { UUID() }, knownProducts: [milk, eggs])
/// ```
public struct InventoryCommandContext: Sendable {
    /// The household the command is for.
    public var householdID: HouseholdID
    /// The time the entries are recorded at.
    public var now: Date
    /// The deciding replica.
    public var replicaID: ReplicaID
    /// The caller's correlation id, copied into every entry.
    public var correlationID: CorrelationID
    /// The caller's idempotency key, if any: a key already used makes the decision return no entries.
    public var idempotencyKey: IdempotencyKey?
    /// The source of new UUIDs (entry, transaction, lot and item ids).
    public var makeUUID: @Sendable () -> UUID
    /// Whether the product module knows a product, as resolved by the caller.
    public var productExists: @Sendable (ProductReference) -> Bool
    /// The time zone a household created by the command gets: the device's, as the app passes it (the service
    /// passes its `timeZone`). UTC unless given. The creation entry carries it; it never changes the zone of a
    /// household another device created earlier in journal order.
    public var timeZone: HouseholdTimeZone

    /// Creates a context with a product lookup closure.
    public init(
        householdID: HouseholdID, now: Date, replicaID: ReplicaID, correlationID: CorrelationID,
        idempotencyKey: IdempotencyKey? = nil, makeUUID: @escaping @Sendable () -> UUID,
        productExists: @escaping @Sendable (ProductReference) -> Bool, timeZone: HouseholdTimeZone = .utc
    ) {
        self.householdID = householdID
        self.now = now
        self.replicaID = replicaID
        self.correlationID = correlationID
        self.idempotencyKey = idempotencyKey
        self.makeUUID = makeUUID
        self.productExists = productExists
        self.timeZone = timeZone
    }

    /// Creates a context whose known products are a fixed set.
    public init(
        householdID: HouseholdID, now: Date, replicaID: ReplicaID, correlationID: CorrelationID,
        idempotencyKey: IdempotencyKey? = nil, makeUUID: @escaping @Sendable () -> UUID,
        knownProducts: Set<ProductReference>, timeZone: HouseholdTimeZone = .utc
    ) {
        self.init(
            householdID: householdID, now: now, replicaID: replicaID, correlationID: correlationID,
            idempotencyKey: idempotencyKey, makeUUID: makeUUID, productExists: { knownProducts.contains($0) },
            timeZone: timeZone)
    }
}
