import Foundation

/// One amount taken out of one lot, kept for history views ("spoiled this month").
public struct ConsumptionRecord: Hashable, Sendable, Codable {
    /// The entry that took it.
    public var entryId: UUID
    /// The entry's transaction.
    public var transactionId: TransactionID
    /// The product.
    public var productId: ProductReference
    /// The lot it came from.
    public var lotId: LotID
    /// The amount taken, in ``unit``.
    public var amount: Decimal
    /// The lot's unit.
    public var unit: UnitID
    /// Where the lot was.
    public var locationId: LocationID
    /// The lot's price per unit, when known.
    public var price: Decimal?
    /// Used, thrown away or corrected.
    public var reason: ConsumptionReason
    /// When (the entry's recording time).
    public var at: Date

    /// Creates a record.
    public init(
        entryId: UUID, transactionId: TransactionID, productId: ProductReference, lotId: LotID, amount: Decimal,
        unit: UnitID, locationId: LocationID, price: Decimal?, reason: ConsumptionReason, at: Date
    ) {
        self.entryId = entryId
        self.transactionId = transactionId
        self.productId = productId
        self.lotId = lotId
        self.amount = amount
        self.unit = unit
        self.locationId = locationId
        self.price = price
        self.reason = reason
        self.at = at
    }
}
