import Foundation

/// Grocy's `stock/products/{id}` (`ProductDetailsResponse`): the product, its barcodes (always present, `[]` when
/// none), its stock unit, what the household holds of it and when it was last bought and used.
struct GrocyProductDetails: Encodable, Sendable {
    var product: GrocyProduct
    var barcodes: [GrocyBarcode]
    var stockUnit: GrocyQuantityUnit
    var location: GrocyLocation?
    var stockAmount: Decimal
    var stockAmountOpened: Decimal
    var stockValue: Decimal
    var nextDueDate: String?
    var lastPurchased: String?
    var lastUsed: String?
    var lastPrice: Decimal?

    private enum CodingKeys: String, CodingKey {
        case product, barcodes = "product_barcodes", stockUnit = "quantity_unit_stock"
        case purchaseUnit = "default_quantity_unit_purchase", consumeUnit = "default_quantity_unit_consume"
        case priceUnit = "quantity_unit_price", location, defaultLocation = "default_location"
        case stockAmount = "stock_amount", stockAmountOpened = "stock_amount_opened"
        case stockAmountAggregated = "stock_amount_aggregated"
        case stockAmountOpenedAggregated = "stock_amount_opened_aggregated", stockValue = "stock_value"
        case nextDueDate = "next_due_date", nextBestBefore = "next_best_before_date"
        case lastPurchased = "last_purchased", lastUsed = "last_used", lastPrice = "last_price"
        case averagePrice = "avg_price", currentPrice = "current_price", oldestPrice = "oldest_price"
        case isAggregated = "is_aggregated_amount", hasChildren = "has_childs"
        case purchaseToStock = "qu_conversion_factor_purchase_to_stock"
        case priceToStock = "qu_conversion_factor_price_to_stock"
        case shelfLife = "average_shelf_life_days", spoilRate = "spoil_rate_percent"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(product, forKey: .product)
        try container.encode(barcodes, forKey: .barcodes)
        for key in [CodingKeys.stockUnit, .purchaseUnit, .consumeUnit, .priceUnit] {
            try container.encode(stockUnit, forKey: key)
        }
        try container.encode(location, forKey: .location)
        try container.encode(location, forKey: .defaultLocation)
        try container.encode(stockAmount, forKey: .stockAmount)
        try container.encode(stockAmount, forKey: .stockAmountAggregated)
        try container.encode(stockAmountOpened, forKey: .stockAmountOpened)
        try container.encode(stockAmountOpened, forKey: .stockAmountOpenedAggregated)
        try container.encode(stockValue, forKey: .stockValue)
        try container.encode(nextDueDate, forKey: .nextDueDate)
        try container.encode(nextDueDate, forKey: .nextBestBefore)
        try container.encode(lastPurchased, forKey: .lastPurchased)
        try container.encode(lastUsed, forKey: .lastUsed)
        for key in [CodingKeys.lastPrice, .averagePrice, .currentPrice, .oldestPrice] {
            try container.encode(lastPrice, forKey: key)
        }
        try container.encode(0, forKey: .isAggregated)
        try container.encode(0, forKey: .hasChildren)
        try container.encode(1, forKey: .purchaseToStock)
        try container.encode(1, forKey: .priceToStock)
        try container.encode(0, forKey: .shelfLife)
        try container.encode(0, forKey: .spoilRate)
    }
}
