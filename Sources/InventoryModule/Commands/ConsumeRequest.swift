import Foundation

/// The caller's input for a consumption.
public struct ConsumeRequest: Hashable, Sendable {
    /// The product consumed.
    public var productID: ProductReference
    /// How much; positive.
    public var amount: Decimal
    /// The unit, or `nil` for the product's stock unit (or the unit all its lots share).
    public var unit: UnitID?
    /// Where from: the household, a location or a lot.
    public var scope: StockScope
    /// Whether the stock was thrown away.
    public var spoiled: Bool

    /// Creates a request.
    public init(
        productID: ProductReference, amount: Decimal, unit: UnitID? = nil, scope: StockScope = .household,
        spoiled: Bool = false
    ) {
        self.productID = productID
        self.amount = amount
        self.unit = unit
        self.scope = scope
        self.spoiled = spoiled
    }
}
