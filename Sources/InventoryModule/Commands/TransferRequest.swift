import Foundation

/// The caller's input for moving stock to another location.
public struct TransferRequest: Hashable, Sendable {
    /// The product moved.
    public var productID: ProductReference
    /// How much; positive.
    public var amount: Decimal
    /// The unit, or `nil` for the product's stock unit (or the unit all its lots share).
    public var unit: UnitID?
    /// Where from: a lot, a location, or the whole household (lots already at the destination excluded).
    public var scope: StockScope
    /// Where to.
    public var destination: LocationID

    /// Creates a request.
    public init(
        productID: ProductReference, amount: Decimal, unit: UnitID? = nil, scope: StockScope,
        destination: LocationID
    ) {
        self.productID = productID
        self.amount = amount
        self.unit = unit
        self.scope = scope
        self.destination = destination
    }
}
