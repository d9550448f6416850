import Foundation

/// A transfer as recorded: `amount` of the product moves from `scope` to `destination`, lot by lot in the
/// consumption order; a partly moved lot splits, and crossing a freezer boundary recomputes due dates.
public struct TransferPayload: Hashable, Sendable, Codable {
    /// The product moved.
    public var productID: ProductReference
    /// How much, in ``unit``; positive.
    public var amount: Decimal
    /// The unit of ``amount``.
    public var unit: UnitID
    /// Where the stock comes from (lots already at the destination are never picked).
    public var scope: StockScope
    /// Where the stock goes.
    public var destination: LocationID

    /// Creates a payload.
    public init(
        productID: ProductReference, amount: Decimal, unit: UnitID, scope: StockScope, destination: LocationID
    ) {
        self.productID = productID
        self.amount = amount
        self.unit = unit
        self.scope = scope
        self.destination = destination
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case productID = "productId", amount, unit, scope, destination
    }
}
