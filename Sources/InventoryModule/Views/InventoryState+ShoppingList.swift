import Foundation

extension InventoryState {
    /// The shopping list: manual items (oldest first), then products below their minimum stock that no manual
    /// item names (amount = what is missing). A manual item for a product below its minimum carries the missing
    /// amount in ``ShoppingListEntry/missingAmount`` instead of a second line.
    public func shoppingList() -> [ShoppingListEntry] {
        let shortfalls = belowMinimumStock()
        let missing = Dictionary(shortfalls.map { ($0.productId, $0) }, uniquingKeysWith: { first, _ in first })
        let manual = shoppingListItems.values
            .sorted { ($0.addedAt, $0.id) < ($1.addedAt, $1.id) }
            .map { item in
                let missingAmount = item.productId.flatMap { missing[$0]?.missing }
                return ShoppingListEntry(
                    source: .manual, itemId: item.id, productId: item.productId, note: item.note,
                    amount: item.amount, unit: item.unit, missingAmount: missingAmount)
            }
        let listed = Set(manual.compactMap(\.productId))
        var generated: [ShoppingListEntry] = []
        for shortfall in shortfalls where !listed.contains(shortfall.productId) {
            generated.append(
                ShoppingListEntry(
                    source: .belowMinimumStock, itemId: nil, productId: shortfall.productId, note: "",
                    amount: shortfall.missing, unit: shortfall.unit, missingAmount: shortfall.missing))
        }
        return manual + generated
    }
}
