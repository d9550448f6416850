import Foundation
import InventoryKit
import InventoryModule

extension GrocyService {
    /// Refuses a `list_id` other than InventoryKit's one list (id 1).
    static func requireOneList(_ body: GrocyBody) throws(GrocyRefusal) {
        if let list = try body.int("list_id"), list != 1 {
            throw .badRequest("Not existing shopping list: InventoryKit keeps one shopping list, id 1.")
        }
    }

    /// `POST stock/shoppinglist/add-product`: a new item for the product (InventoryKit keeps one line per addition;
    /// Grocy adds to an existing line).
    func addToShoppingList(body: GrocyBody, key: GrocyKey, submission: UUID) async throws {
        try Self.requireOneList(body)
        guard let productID = try body.int("product_id") else { throw GrocyRefusal.badRequest("product_id is required.") }
        let product = try await product(productID, of: key.householdID)
        var named: UnitID?
        if let id = try body.int("qu_id") { named = try await self.unit(id, of: key.householdID) }
        let unit = named
        let amount = try body.decimal("product_amount") ?? 1
        let note = try body.string("note") ?? ""
        try await book(key: key, submission: submission, knownProducts: [product]) { state in
            .addShoppingListItem(ShoppingListRequest(
                productID: product, note: note, amount: amount, unit: unit ?? GrocyReading.bookingUnit(of: product, in: state)))
        }
    }

    /// `POST stock/shoppinglist/remove-product`: takes `product_amount` off the product's oldest item — the item
    /// goes when that is all of it, else it is replaced by one for the rest (two transactions).
    func removeFromShoppingList(body: GrocyBody, key: GrocyKey, submission: UUID) async throws {
        try Self.requireOneList(body)
        guard let productID = try body.int("product_id") else { throw GrocyRefusal.badRequest("product_id is required.") }
        let product = try await product(productID, of: key.householdID)
        let amount = try body.decimal("product_amount")
        let state = try await reading(of: key.householdID, products: .only([])).state
        guard let item = state.shoppingListItems.values.filter({ $0.productID == product })
            .min(by: { ($0.addedAt, $0.id.rawValue) < ($1.addedAt, $1.id.rawValue) })
        else { return }
        try await book(key: key, submission: submission) { _ in .removeShoppingListItem(item.id) }
        if let amount, let held = item.amount, amount < held {
            try await book(key: key, submission: Self.step(submission, 1), knownProducts: [product]) { _ in
                .addShoppingListItem(ShoppingListRequest(
                    productID: product, note: item.note, amount: held - amount, unit: item.unit))
            }
        }
    }

    /// `POST stock/shoppinglist/clear`: every item off the list, one transaction each.
    func clearShoppingList(body: GrocyBody, key: GrocyKey, submission: UUID) async throws {
        try Self.requireOneList(body)
        let state = try await reading(of: key.householdID, products: .only([])).state
        for (index, item) in state.shoppingListItems.values.sorted(by: { $0.id.rawValue < $1.id.rawValue }).enumerated() {
            try await book(key: key, submission: Self.step(submission, index)) { _ in .removeShoppingListItem(item.id) }
        }
    }

    /// `POST stock/shoppinglist/add-missing-products`: an item for each product below its minimum stock that has
    /// none yet, for the amount missing.
    func addMissingProducts(body: GrocyBody, key: GrocyKey, submission: UUID) async throws {
        try Self.requireOneList(body)
        let state = try await reading(of: key.householdID, products: .only([])).state
        let listed = Set(state.shoppingListItems.values.compactMap(\.productID))
        for (index, shortfall) in state.belowMinimumStock().enumerated() where !listed.contains(shortfall.productID) {
            try await book(key: key, submission: Self.step(submission, index), knownProducts: [shortfall.productID]) { _ in
                .addShoppingListItem(ShoppingListRequest(
                    productID: shortfall.productID, amount: shortfall.missing, unit: shortfall.unit))
            }
        }
    }

    /// `PUT objects/shopping_list/{id}` with `done`: done checks the item off (InventoryKit removes it), not done on
    /// a present item changes nothing; any other field is refused.
    func updateShoppingListItem(_ id: Int32, body: GrocyBody, key: GrocyKey, submission: UUID) async throws {
        let others = body.fields.keys.filter { $0 != "done" }
        guard others.isEmpty else {
            throw GrocyRefusal.badRequest("InventoryKit changes only done of a shopping list item, not \(others.sorted().joined(separator: ", ")).")
        }
        let item = try await shoppingItem(id, of: key.householdID)
        guard try body.flag("done") == true else { return }
        try await book(key: key, submission: submission) { _ in .removeShoppingListItem(item) }
    }

    /// `DELETE objects/shopping_list/{id}`.
    func deleteShoppingListItem(_ id: Int32, key: GrocyKey, submission: UUID) async throws {
        let item = try await shoppingItem(id, of: key.householdID)
        try await book(key: key, submission: submission) { _ in .removeShoppingListItem(item) }
    }

    private func shoppingItem(_ id: Int32, of household: HouseholdID) async throws -> ShoppingListItemID {
        guard let key = try await ids.key(of: .shoppingItem, id: id, in: household),
            let item = ShoppingListItemID(rawValue: key),
            try await reading(of: household, products: .only([])).state.shoppingListItems[item] != nil
        else { throw GrocyRefusal.unknownID(kind: "shopping list item", id: "\(id)") }
        return item
    }

    /// Books one command and marks the household's log position for the next read.
    private func book(
        key: GrocyKey, submission: UUID, knownProducts: Set<ProductReference> = [],
        _ make: @escaping @Sendable (InventoryState) throws(WebCommandService.Refusal) -> InventoryCommand
    ) async throws {
        let booking = try await commands.book(for: key, submission: submission, knownProducts: knownProducts, make)
        if case .booked(let seq) = booking.outcome { marks.wrote(key.householdID, through: seq) }
    }

    /// The submission of the `index`-th command of a request that books several.
    static func step(_ submission: UUID, _ index: Int) -> UUID {
        InventoryIDGenerator.uuidV5(namespace: submission, name: "grocy-step-\(index)")
    }
}
