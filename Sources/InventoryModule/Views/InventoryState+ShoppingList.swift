import Foundation

extension InventoryState {
    /// The shopping list: manual items (oldest first), then products below their minimum stock that no manual
    /// item names (amount = what is missing). A manual item for a product below its minimum carries the missing
    /// amount in ``ShoppingListEntry/missingAmount`` instead of a second line.
    public func shoppingList() -> [ShoppingListEntry] {
        let shortfalls = belowMinimumStock()
        let missing = Dictionary(shortfalls.map { ($0.productID, $0) }, uniquingKeysWith: { first, _ in first })
        let manual = shoppingListItems.values
            .sorted { ($0.addedAt, $0.id) < ($1.addedAt, $1.id) }
            .map { item in
                let missingAmount = item.productID.flatMap { missing[$0]?.missing }
                return ShoppingListEntry(
                    source: .manual, itemID: item.id, productID: item.productID, note: item.note,
                    amount: item.amount, unit: item.unit, missingAmount: missingAmount)
            }
        let listed = Set(manual.compactMap(\.productID))
        var generated: [ShoppingListEntry] = []
        for shortfall in shortfalls where !listed.contains(shortfall.productID) {
            generated.append(
                ShoppingListEntry(
                    source: .belowMinimumStock, itemID: nil, productID: shortfall.productID, note: "",
                    amount: shortfall.missing, unit: shortfall.unit, missingAmount: shortfall.missing))
        }
        return manual + generated
    }
}
