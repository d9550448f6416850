import Foundation

/// The caller's input for opening sealed stock.
public struct OpenRequest: Hashable, Sendable {
    /// The product opened.
    public var productID: ProductReference
    /// How much; positive (one piece by default).
    public var amount: Decimal
    /// The unit, or `nil` for the product's stock unit (or the unit all its lots share).
    public var unit: UnitID?
    /// Which stock: the household, a location or a lot.
    public var scope: StockScope

    /// Creates a request.
    public init(productID: ProductReference, amount: Decimal = 1, unit: UnitID? = nil, scope: StockScope = .household) {
        self.productID = productID
        self.amount = amount
        self.unit = unit
        self.scope = scope
    }
}
