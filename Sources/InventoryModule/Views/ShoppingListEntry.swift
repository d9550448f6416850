import Foundation

/// One line of the shopping list view: a manual item, or a product below its minimum stock.
public struct ShoppingListEntry: Hashable, Sendable {
    /// Why the line is there.
    public var source: ShoppingListEntrySource
    /// The manual item, for ``ShoppingListEntrySource/manual`` lines.
    public var itemID: ShoppingListItemID?
    /// The product, when the line names one.
    public var productID: ProductReference?
    /// The manual item's note (empty for generated lines).
    public var note: String
    /// How much to buy: the manual amount, or the amount missing to the minimum stock.
    public var amount: Decimal?
    /// The unit of ``amount``.
    public var unit: UnitID?
    /// The amount missing to the product's minimum stock, when it is below it (also on manual lines).
    public var missingAmount: Decimal?

    /// Creates a value.
    public init(
        source: ShoppingListEntrySource, itemID: ShoppingListItemID?, productID: ProductReference?, note: String,
        amount: Decimal?, unit: UnitID?, missingAmount: Decimal?
    ) {
        self.source = source
        self.itemID = itemID
        self.productID = productID
        self.note = note
        self.amount = amount
        self.unit = unit
        self.missingAmount = missingAmount
    }
}
