import Foundation

/// The caller's input for a manual shopping list item: a product, a note, or both.
public struct ShoppingListRequest: Hashable, Sendable {
    /// The product to buy, if any.
    public var productID: ProductReference?
    /// A note; the whole item when no product is named.
    public var note: String
    /// How much to buy, if given; positive.
    public var amount: Decimal?
    /// The unit of the amount, if given.
    public var unit: UnitID?

    /// Creates a request.
    public init(productID: ProductReference? = nil, note: String = "", amount: Decimal? = nil, unit: UnitID? = nil) {
        self.productID = productID
        self.note = note
        self.amount = amount
        self.unit = unit
    }
}
