import Foundation

/// A product whose stock is below its minimum, and by how much.
public struct MinimumStockShortfall: Hashable, Sendable {
    /// The product.
    public var productId: ProductReference
    /// The minimum stock set for it.
    public var minimum: Decimal
    /// The stock counted (lots whose unit converts to ``unit``).
    public var current: Decimal
    /// `minimum − current`.
    public var missing: Decimal
    /// The unit of the amounts: the product's stock unit (or its lots' shared unit).
    public var unit: UnitID?

    /// Creates a value.
    public init(productId: ProductReference, minimum: Decimal, current: Decimal, missing: Decimal, unit: UnitID?) {
        self.productId = productId
        self.minimum = minimum
        self.current = current
        self.missing = missing
        self.unit = unit
    }
}
