/// Why an entry is on the shopping list.
public enum ShoppingListEntrySource: String, Hashable, Sendable, Codable, CaseIterable {
    /// Someone put it there.
    case manual
    /// Its product is below its minimum stock.
    case belowMinimumStock
}
