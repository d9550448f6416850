import Foundation

/// A consumption as recorded: the projection picks the lots (opened first, earliest due, nil due last, first in)
/// when it folds, so concurrent consumptions from other devices are all kept.
public struct ConsumePayload: Hashable, Sendable, Codable {
    /// The product consumed.
    public var productID: ProductReference
    /// How much, in ``unit``; positive.
    public var amount: Decimal
    /// The unit of ``amount`` (any unit convertible to the lots' units).
    public var unit: UnitID
    /// Where the stock is taken from.
    public var scope: StockScope
    /// Whether the stock was thrown away rather than used.
    public var spoiled: Bool

    /// Creates a payload.
    public init(
        productID: ProductReference, amount: Decimal, unit: UnitID, scope: StockScope = .household,
        spoiled: Bool = false
    ) {
        self.productID = productID
        self.amount = amount
        self.unit = unit
        self.scope = scope
        self.spoiled = spoiled
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case productID = "productId", amount, unit, scope, spoiled
    }
}
