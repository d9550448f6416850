import Foundation
import InventoryModule
import SyncWire

extension GrocyService {
    /// The `objects/*` entities InventoryKit answers.
    enum ObjectEntity: String, Sendable, CaseIterable {
        case products, locations
        case quantityUnits = "quantity_units"
        case productBarcodes = "product_barcodes"
        case shoppingList = "shopping_list"
    }

    /// `GET objects/{entity}`: every row, filtered by `filters`, as Grocy spells it.
    func objects(_ entity: ObjectEntity, of household: HouseholdID, filters: [GrocyQueryFilter]) async throws
        -> [JSONValue]
    {
        let rows = try await rows(entity, of: household)
        return rows.filter { row in filters.allSatisfy { $0.matches(row) } }
    }

    /// `GET objects/{entity}/{id}`.
    /// - Throws: ``GrocyRefusal/unknownID(kind:id:)`` when no row has the id.
    func object(_ entity: ObjectEntity, id: Int32, of household: HouseholdID) async throws -> JSONValue {
        let filter = try GrocyQueryFilter("id=\(id)")
        guard let row = try await rows(entity, of: household).first(where: filter.matches) else {
            throw GrocyRefusal.unknownID(kind: entity.rawValue, id: "\(id)")
        }
        return row
    }

    private func rows(_ entity: ObjectEntity, of household: HouseholdID) async throws -> [JSONValue] {
        switch entity {
        case .products:
            let reading = try await reading(of: household, products: .all)
            let products = reading.productIDs.keys.compactMap(ProductReference.init(rawValue:))
            return try Self.values(try products.map { product throws(GrocyRefusal) in try reading.product(product) })
        case .locations:
            let reading = try await reading(of: household, products: .only([]))
            return try Self.values(try reading.state.locations.values.map { location throws(GrocyRefusal) in
                try reading.location(location)
            })
        case .quantityUnits:
            let reading = try await reading(of: household, products: .only([]))
            return try Self.values(try reading.listedUnits.map { unit throws(GrocyRefusal) in try reading.unit(unit) })
        case .productBarcodes:
            let reading = try await reading(of: household, products: .all)
            var pairs: [(ProductReference, String)] = []
            for (id, facts) in reading.facts {
                guard let product = ProductReference(rawValue: id) else { continue }
                pairs += facts.barcodes.map { (product, $0) }
            }
            let barcodeIDs = try await ids.ids(of: .barcode, pairs.map { Self.barcodeKey($0.0, $0.1) }, in: household)
            return try Self.values(try pairs.compactMap { product, barcode throws(GrocyRefusal) -> GrocyBarcode? in
                guard let id = barcodeIDs[Self.barcodeKey(product, barcode)] else { return nil }
                let owner = try reading.product(product)
                return GrocyBarcode(id: id, productID: owner.id, barcode: barcode, created: owner.created)
            })
        case .shoppingList:
            return try Self.values(try await shoppingList(of: household))
        }
    }

    /// The household's shopping list items (the ones someone put there; suggestions below the minimum stock are
    /// Grocy's `missing_products`), oldest first.
    func shoppingList(of household: HouseholdID) async throws -> [GrocyShoppingListItem] {
        let listed = try await reading(of: household, products: .only([])).state.shoppingListItems.values
        let reading = try await reading(of: household, products: .only(listed.compactMap(\.productID)))
        let items = listed.sorted { ($0.addedAt, $0.id.rawValue) < ($1.addedAt, $1.id.rawValue) }
        let itemIDs = try await ids.ids(of: .shoppingItem, items.map(\.id.rawValue), in: household)
        return try items.compactMap { item throws(GrocyRefusal) -> GrocyShoppingListItem? in
            guard let id = itemIDs[item.id.rawValue] else { return nil }
            return GrocyShoppingListItem(
                id: id, productID: try item.productID.map { product throws(GrocyRefusal) in try reading.product(product).id },
                note: item.note.isEmpty ? nil : item.note, amount: item.amount ?? 1,
                unitID: item.unit.flatMap { reading.unitIDs[$0.rawValue] }, created: reading.clock.timestamp(item.addedAt))
        }
    }

    /// Rows as JSON values, by id.
    private static func values(_ rows: [some Encodable]) throws -> [JSONValue] {
        let values = try rows.map { try JSONValue(jsonText: String(decoding: try JSONEncoder().encode($0), as: UTF8.self)) }
        return values.sorted { lhs, rhs in Self.id(of: lhs) < Self.id(of: rhs) }
    }

    private static func id(of row: JSONValue) -> Decimal {
        if case .object(let fields) = row, case .number(let id)? = fields["id"] { return id }
        return 0
    }
}
