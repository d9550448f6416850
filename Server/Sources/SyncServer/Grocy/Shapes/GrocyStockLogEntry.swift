import Foundation

/// One booking as Grocy's stock log spells it (`StockLogEntry`), answered by the writes and
/// `stock/transactions/{id}`: the lot is `stock_id` (its UUID), the transaction `transaction_id` (its UUID).
struct GrocyStockLogEntry: Encodable, Sendable {
    /// Grocy's transaction types the kit's operations map to.
    enum TransactionType: String, Encodable, Sendable {
        case purchase
        case consume
        case inventoryCorrection = "inventory-correction"
        case productOpened = "product-opened"
        case transfer = "transfer_to"
    }

    var id: Int32
    var productID: Int32
    var amount: Decimal
    var bestBefore: String
    var purchased: String
    var used: String?
    var spoiled: Bool
    var stockID: String
    var transactionID: String
    var transactionType: TransactionType
    var price: Decimal?
    var undone: Bool
    var opened: String?
    var locationID: Int32?
    var created: String

    private enum CodingKeys: String, CodingKey {
        case id, productID = "product_id", amount, bestBefore = "best_before_date", purchased = "purchased_date"
        case used = "used_date", spoiled, stockID = "stock_id", transactionID = "transaction_id"
        case transactionType = "transaction_type", price, undone, undoneTimestamp = "undone_timestamp"
        case opened = "opened_date", locationID = "location_id", recipeID = "recipe_id"
        case correlationID = "correlation_id", userID = "user_id", note, created = "row_created_timestamp"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(productID, forKey: .productID)
        try container.encode(amount, forKey: .amount)
        try container.encode(bestBefore, forKey: .bestBefore)
        try container.encode(purchased, forKey: .purchased)
        try container.encode(used, forKey: .used)
        try container.encode(spoiled ? 1 : 0, forKey: .spoiled)
        try container.encode(stockID, forKey: .stockID)
        try container.encode(transactionID, forKey: .transactionID)
        try container.encode(transactionType, forKey: .transactionType)
        try container.encode(price, forKey: .price)
        try container.encode(undone ? 1 : 0, forKey: .undone)
        try container.encodeNil(forKey: .undoneTimestamp)
        try container.encode(opened, forKey: .opened)
        try container.encode(locationID, forKey: .locationID)
        for key in [CodingKeys.recipeID, .correlationID, .note] { try container.encodeNil(forKey: key) }
        try container.encode(1, forKey: .userID)
        try container.encode(created, forKey: .created)
    }
}
