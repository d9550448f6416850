/// Grocy's `stock/volatile`: products due soon, overdue (past due, either kind), expired (past an expiry date) and
/// below their minimum stock.
struct GrocyVolatileStock: Encodable, Sendable {
    var dueProducts: [GrocyStockEntry]
    var overdueProducts: [GrocyStockEntry]
    var expiredProducts: [GrocyStockEntry]
    var missingProducts: [GrocyMissingProduct]

    private enum CodingKeys: String, CodingKey {
        case dueProducts = "due_products", overdueProducts = "overdue_products"
        case expiredProducts = "expired_products", missingProducts = "missing_products"
    }
}
