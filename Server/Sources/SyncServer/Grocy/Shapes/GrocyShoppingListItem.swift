import Foundation

/// A shopping list item as Grocy's `objects/shopping_list` spells it: one list (id 1), never done (an item checked
/// off is removed, as the kit does).
struct GrocyShoppingListItem: Encodable, Sendable {
    var id: Int32
    var productID: Int32?
    var note: String?
    var amount: Decimal
    var unitID: Int32?
    var created: String

    private enum CodingKeys: String, CodingKey {
        case id, productID = "product_id", note, amount, unitID = "qu_id", created = "row_created_timestamp"
        case listID = "shopping_list_id", done
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(productID, forKey: .productID)
        try container.encode(note, forKey: .note)
        try container.encode(amount, forKey: .amount)
        try container.encode(unitID, forKey: .unitID)
        try container.encode(created, forKey: .created)
        try container.encode(1, forKey: .listID)
        try container.encode(0, forKey: .done)
    }
}
