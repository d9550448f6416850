import Foundation

/// An opening as recorded: `amount` of sealed stock becomes opened; a partly opened lot splits.
public struct OpenPayload: Hashable, Sendable, Codable {
    /// The product opened.
    public var productID: ProductReference
    /// How much, in ``unit``; positive.
    public var amount: Decimal
    /// The unit of ``amount``.
    public var unit: UnitID
    /// Which sealed stock is opened (earliest due first, then first in).
    public var scope: StockScope

    /// Creates a payload.
    public init(productID: ProductReference, amount: Decimal, unit: UnitID, scope: StockScope = .household) {
        self.productID = productID
        self.amount = amount
        self.unit = unit
        self.scope = scope
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case productID = "productId", amount, unit, scope
    }
}
