import Foundation

/// One product's line of Grocy's `stock` and `stock/volatile` (`CurrentStockResponse`): its amount in its stock
/// unit, the opened part, the earliest due day (`2999-12-31` when nothing is due) and the product.
struct GrocyStockEntry: Encodable, Sendable {
    var productID: Int32
    var amount: Decimal
    var amountOpened: Decimal
    var value: Decimal
    var bestBefore: String
    var product: GrocyProduct

    private enum CodingKeys: String, CodingKey {
        case productID = "product_id", amount, amountAggregated = "amount_aggregated", value
        case bestBefore = "best_before_date", amountOpened = "amount_opened"
        case amountOpenedAggregated = "amount_opened_aggregated", isAggregated = "is_aggregated_amount"
        case dueType = "due_type", product
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(productID, forKey: .productID)
        try container.encode(amount, forKey: .amount)
        try container.encode(amount, forKey: .amountAggregated)
        try container.encode(value, forKey: .value)
        try container.encode(bestBefore, forKey: .bestBefore)
        try container.encode(amountOpened, forKey: .amountOpened)
        try container.encode(amountOpened, forKey: .amountOpenedAggregated)
        try container.encode(0, forKey: .isAggregated)
        try container.encode(product.dueType, forKey: .dueType)
        try container.encode(product, forKey: .product)
    }
}
