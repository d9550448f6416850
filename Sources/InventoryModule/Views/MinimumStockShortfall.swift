import Foundation

/// A product whose stock is below its minimum, and by how much.
public struct MinimumStockShortfall: Hashable, Sendable {
    /// The product.
    public var productID: ProductReference
    /// The minimum stock set for it.
    public var minimum: Decimal
    /// The stock counted (lots whose unit converts to ``unit``).
    public var current: Decimal
    /// `minimum − current`.
    public var missing: Decimal
    /// The unit of the amounts: the product's stock unit (or its lots' shared unit).
    public var unit: UnitID?

    /// Creates a value.
    public init(productID: ProductReference, minimum: Decimal, current: Decimal, missing: Decimal, unit: UnitID?) {
        self.productID = productID
        self.minimum = minimum
        self.current = current
        self.missing = missing
        self.unit = unit
    }
}
