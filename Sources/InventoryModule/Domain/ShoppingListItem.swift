import Foundation

/// An item put on the shopping list by hand: a product (with an optional amount) or just a note.
public struct ShoppingListItem: Hashable, Sendable, Codable, Identifiable {
    /// The item's id.
    public var id: ShoppingListItemID
    /// The product to buy, when the item names one.
    public var productID: ProductReference?
    /// A free-text note ("the organic one"); the whole item when it names no product.
    public var note: String
    /// How much to buy, when given.
    public var amount: Decimal?
    /// The unit of ``amount``, when given.
    public var unit: UnitID?
    /// When the item was added.
    public var addedAt: Date

    /// Creates an item value.
    public init(
        id: ShoppingListItemID, productID: ProductReference? = nil, note: String = "", amount: Decimal? = nil,
        unit: UnitID? = nil, addedAt: Date
    ) {
        self.id = id
        self.productID = productID
        self.note = note
        self.amount = amount
        self.unit = unit
        self.addedAt = addedAt
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case id, productID = "productId", note, amount, unit, addedAt
    }
}
