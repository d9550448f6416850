import Foundation

/// A product's stock in a scope: its lots and, when they all convert, their total in one unit.
public struct ProductStock: Hashable, Sendable {
    /// The product.
    public var productID: ProductReference
    /// The unit of ``total``: the product's stock unit, else the unit all its lots share; `nil` otherwise.
    public var unit: UnitID?
    /// The total in ``unit``, or `nil` when there is no unit or some lot's unit does not convert to it.
    public var total: Decimal?
    /// The amounts per lot unit, as booked.
    public var amountsByUnit: [UnitID: Decimal]
    /// The lots, in the consumption order.
    public var lots: [StockLot]

    /// Creates a value.
    public init(
        productID: ProductReference, unit: UnitID?, total: Decimal?, amountsByUnit: [UnitID: Decimal],
        lots: [StockLot]
    ) {
        self.productID = productID
        self.unit = unit
        self.total = total
        self.amountsByUnit = amountsByUnit
        self.lots = lots
    }

    /// The lots that are opened.
    public var openedLots: [StockLot] { lots.filter(\.isOpened) }
}
