import Foundation

/// One amount taken out of one lot, kept for history views ("spoiled this month").
public struct ConsumptionRecord: Hashable, Sendable, Codable {
    /// The entry that took it.
    public var entryID: UUID
    /// The entry's transaction.
    public var transactionID: TransactionID
    /// The product.
    public var productID: ProductReference
    /// The lot it came from.
    public var lotID: LotID
    /// The amount taken, in ``unit``.
    public var amount: Decimal
    /// The lot's unit.
    public var unit: UnitID
    /// Where the lot was.
    public var locationID: LocationID
    /// The lot's price per unit, when known.
    public var price: Decimal?
    /// Used, thrown away or corrected.
    public var reason: ConsumptionReason
    /// When (the entry's recording time).
    public var at: Date

    /// Creates a record.
    public init(
        entryID: UUID, transactionID: TransactionID, productID: ProductReference, lotID: LotID, amount: Decimal,
        unit: UnitID, locationID: LocationID, price: Decimal?, reason: ConsumptionReason, at: Date
    ) {
        self.entryID = entryID
        self.transactionID = transactionID
        self.productID = productID
        self.lotID = lotID
        self.amount = amount
        self.unit = unit
        self.locationID = locationID
        self.price = price
        self.reason = reason
        self.at = at
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case entryID = "entryId", transactionID = "transactionId", productID = "productId", lotID = "lotId", amount, unit, locationID = "locationId", price, reason, at
    }
}
