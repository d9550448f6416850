import Foundation
import InventoryModule

/// One request's reading of a household for the Grocy API: the replica's folded state, the product records' facts
/// and the integer ids of everything the answer names, with Grocy's shapes built from them.
struct GrocyReading: Sendable {
    /// The unit a product with no stock unit, no lots and no single household unit is shown in: pantry's `piece`.
    static let fallbackUnit = UnitID.derived(name: "piece")

    let household: HouseholdID
    let state: InventoryState
    let clock: GrocyClock
    /// When the household was created: the creation time of what has none of its own (locations, units).
    let created: Date
    /// When the replica folded the last change it holds.
    let foldedAt: Date
    let facts: [String: GrocyProductFacts]
    let productIDs: [String: Int32]
    let unitIDs: [String: Int32]
    let locationIDs: [String: Int32]

    /// The kit's household id of the household.
    var kitHousehold: InventoryModule.HouseholdID { InventoryModule.HouseholdID(household.rawValue) }

    /// The unit a product's amounts are given in: ``bookingUnit(of:in:)``, else ``fallbackUnit``.
    func stockUnit(of product: ProductReference) -> UnitID {
        Self.bookingUnit(of: product, in: state) ?? Self.fallbackUnit
    }

    /// The unit a Grocy call that names none books `product` in: its stock unit, else its lots' one unit, else the
    /// unit of its first lot, else the household's one unit, else pantry's `piece` when the household defined it.
    static func bookingUnit(of product: ProductReference, in state: InventoryState) -> UnitID? {
        let stock = state.stock(of: product)
        if let unit = state.productSettings[product]?.stockUnit ?? stock.unit ?? stock.lots.first?.unit { return unit }
        if state.units.count == 1, let only = state.units.keys.first { return only }
        return state.units[fallbackUnit] == nil ? nil : fallbackUnit
    }

    /// The location a Grocy call that names none books `product` at: its default location, else the one location
    /// holding its lots, else the household's one location.
    static func bookingLocation(of product: ProductReference, in state: InventoryState) -> LocationID? {
        if let location = state.productSettings[product]?.defaultLocation { return location }
        let held = Set(state.stock(of: product).lots.map(\.locationID))
        if held.count == 1 { return held.first }
        return state.locations.count == 1 ? state.locations.keys.first : nil
    }

    /// The amount `lots` hold in `unit`: lots whose unit does not convert to it are left out (Grocy has one
    /// amount per product).
    func amount(of lots: [StockLot], in unit: UnitID, product: ProductReference) -> Decimal {
        let converter = state.unitConverter
        return lots.reduce(into: Decimal(0)) { total, lot in
            if let amount = try? converter.convert(lot.quantity, from: lot.unit, to: unit, product: product) {
                total += amount
            }
        }
    }

    /// The product in Grocy's shape.
    func product(_ product: ProductReference) throws(GrocyRefusal) -> GrocyProduct {
        guard let id = productIDs[product.rawValue] else {
            throw .internalInconsistency("no id for product \(product.rawValue)")
        }
        let settings = state.productSettings[product]
        let days: Int = switch settings?.defaultDueDays {
        case .days(let days)?: days
        case .neverExpires?: -1
        case nil: 0
        }
        let facts = facts[product.rawValue]
        return GrocyProduct(
            id: id, name: facts?.title ?? product.rawValue, description: facts?.description,
            locationID: settings?.defaultLocation.flatMap { locationIDs[$0.rawValue] },
            stockUnitID: unitIDs[stockUnit(of: product).rawValue] ?? 0, minimumStock: settings?.minimumStock ?? 0,
            defaultDueDays: days, dueDaysAfterOpening: settings?.dueDaysAfterOpening ?? 0,
            dueDaysAfterFreezing: settings?.dueDaysAfterFreezing ?? 0,
            dueDaysAfterThawing: settings?.dueDaysAfterThawing ?? 0,
            dueType: settings?.dueDateKind == .expiry ? 2 : 1,
            created: clock.timestamp(facts?.createdAt ?? created))
    }

    /// A product's line of `stock` for `lots` (all its lots, or those a volatile list names).
    func stockEntry(_ product: ProductReference, lots: [StockLot]) throws(GrocyRefusal) -> GrocyStockEntry {
        let unit = stockUnit(of: product)
        let value = lots.reduce(into: Decimal(0)) { total, lot in
            // A lot's price is per its own unit.
            guard let price = lot.price else { return }
            total += price * lot.quantity
        }
        return GrocyStockEntry(
            productID: try self.product(product).id, amount: amount(of: lots, in: unit, product: product),
            amountOpened: amount(of: lots.filter(\.isOpened), in: unit, product: product), value: value,
            bestBefore: clock.day(lots.compactMap(\.dueDate).min()), product: try self.product(product))
    }

    /// A unit in Grocy's shape; the fallback `piece` when the household has not defined it.
    func unit(_ unit: UnitID) throws(GrocyRefusal) -> GrocyQuantityUnit {
        guard let id = unitIDs[unit.rawValue] else { throw .internalInconsistency("no id for unit \(unit.rawValue)") }
        let defined = state.units[unit]
        return GrocyQuantityUnit(
            id: id, name: defined?.name ?? "piece", pluralName: defined?.pluralName ?? (defined == nil ? "pieces" : nil),
            created: clock.timestamp(created))
    }

    /// A location in Grocy's shape.
    func location(_ location: StorageLocation) throws(GrocyRefusal) -> GrocyLocation {
        guard let id = locationIDs[location.id.rawValue] else {
            throw .internalInconsistency("no id for location \(location.id.rawValue)")
        }
        return GrocyLocation(id: id, name: location.name, isFreezer: location.isFreezer, created: clock.timestamp(created))
    }

    /// The units the API lists: the household's, and the fallback `piece` when a product is shown in it.
    var listedUnits: [UnitID] {
        var units = state.units.keys.sorted()
        if state.units[Self.fallbackUnit] == nil, unitIDs[Self.fallbackUnit.rawValue] != nil {
            units.append(Self.fallbackUnit)
        }
        return units
    }
}
