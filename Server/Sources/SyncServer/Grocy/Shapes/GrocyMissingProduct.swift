import Foundation

/// A product below its minimum stock, as Grocy's `stock/volatile` `missing_products` spells it.
struct GrocyMissingProduct: Encodable, Sendable {
    var id: Int32
    var name: String
    var amountMissing: Decimal
    var isPartlyInStock: Bool

    private enum CodingKeys: String, CodingKey {
        case id, name, amountMissing = "amount_missing", isPartlyInStock = "is_partly_in_stock"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(amountMissing, forKey: .amountMissing)
        try container.encode(isPartlyInStock ? 1 : 0, forKey: .isPartlyInStock)
    }
}
