import Foundation
import InventoryModule
import SyncWire

/// Builds the household views of the views' JSON vocabulary (`HouseholdViewVocabulary` (SyncWire)) from a folded
/// `InventoryState`: the sync server serves them and a device prints them, so both say the same
/// thing about the same state in the same words.
///
/// Titles come from the caller, because the inventory names products only by id: the server reads them from the
/// household's product records, a device from its catalog.
///
/// ```swift
/// let views = InventoryViewBuilder(state: state, household: householdID, asOf: Date(), titles: titles)
/// let stock = views.stock()                      // StockView, every location by name
/// let due = views.due(now: Date(), days: 3)       // DueView on the household's calendar
/// ```
public struct InventoryViewBuilder: Sendable {
    /// The folded state the views show.
    public var state: InventoryState
    /// The household the views are of.
    public var householdID: HouseholdID
    /// When the state was folded.
    public var asOf: Date
    /// The household log's change the state reflects, when the server builds the views.
    public var seq: Int64?
    /// Product titles by product id (`ProductReference.rawValue`).
    public var titles: [String: String]

    /// Creates a builder.
    public init(
        state: InventoryState, household: HouseholdID, asOf: Date, seq: Int64? = nil, titles: [String: String]
    ) {
        self.state = state
        self.householdID = household
        self.asOf = asOf
        self.seq = seq
        self.titles = titles
    }

    /// The product ids the stock, due, below-minimum and shopping-list views of `state` can name: what a caller
    /// looks titles up for. It reads the lots, the product settings and the written shopping items, never the
    /// journal's history.
    public static func productIDs(in state: InventoryState) -> Set<String> {
        var ids = Set(state.lots.values.map(\.productID.rawValue))
        ids.formUnion(state.productSettings.keys.map(\.rawValue))
        ids.formUnion(state.shoppingListItems.values.compactMap(\.productID?.rawValue))
        return ids
    }

    /// The household, by id and name.
    public var household: NamedReference {
        NamedReference(id: householdID.rawValue, name: state.households[householdID]?.name)
    }

    /// What is in stock, location by location: every defined location and every location a lot is in, by name.
    public func stock() -> StockView {
        let placed = Set(state.lots.values.map(\.locationID))
        let locationIDs = Set(state.locations.keys).union(placed).sorted { lhs, rhs in
            let left = state.locations[lhs]?.name ?? lhs.rawValue
            let right = state.locations[rhs]?.name ?? rhs.rawValue
            return left == right ? lhs.rawValue < rhs.rawValue : left < right
        }
        let locations = locationIDs.map { id in
            let stock = state.stock(at: id)
            return StockView.Location(
                location: location(id), parentId: state.locations[id]?.parentID?.rawValue,
                products: stock.products.sorted(by: byTitle).map { product in
                    StockView.Product(
                        productId: product.productID.rawValue, title: titles[product.productID.rawValue],
                        total: product.total.map(ExactDecimal.init), unit: product.unit.map(unit),
                        amounts: product.amountsByUnit.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                            StockView.UnitAmount(amount: ExactDecimal($0.value), unit: unit($0.key))
                        },
                        lots: product.lots.map(lot))
                })
        }
        return StockView(household: household, asOf: WireInstant(asOf), seq: seq, locations: locations)
    }

    /// Lots due within `days` of `now`, overdue and expired, on the household's calendar.
    public func due(now: Date, days: Int) -> DueView {
        DueView(
            household: household, asOf: WireInstant(asOf), seq: seq,
            today: state.today(in: householdID, at: now).description, days: days,
            dueSoon: state.dueSoon(now: now, days: days).map(lot), overdue: state.overdue(now: now).map(lot),
            expired: state.expired(now: now).map(lot))
    }

    /// The products under their minimum.
    public func belowMinimum() -> BelowMinimumView {
        BelowMinimumView(
            household: household, asOf: WireInstant(asOf), seq: seq,
            shortfalls: state.belowMinimumStock().map {
                BelowMinimumView.Shortfall(
                    productId: $0.productID.rawValue, title: titles[$0.productID.rawValue],
                    minimum: ExactDecimal($0.minimum), current: ExactDecimal($0.current),
                    missing: ExactDecimal($0.missing), unit: $0.unit.map(unit))
            })
    }

    /// The shopping list: written items and products under their minimum.
    public func shoppingList() -> ShoppingListView {
        ShoppingListView(
            household: household, asOf: WireInstant(asOf), seq: seq,
            entries: state.shoppingList().map {
                ShoppingListView.Entry(
                    source: $0.source.rawValue, itemId: $0.itemID?.rawValue, productId: $0.productID?.rawValue,
                    title: $0.productID.flatMap { titles[$0.rawValue] }, note: $0.note,
                    amount: $0.amount.map(ExactDecimal.init), unit: $0.unit.map(unit),
                    missingAmount: $0.missingAmount.map(ExactDecimal.init))
            })
    }

    /// A lot in the views' words.
    public func lot(_ lot: StockLot) -> ViewLot {
        ViewLot(
            lotId: lot.id.rawValue, productId: lot.productID.rawValue, title: titles[lot.productID.rawValue],
            barcode: lot.barcode, amount: ExactDecimal(lot.quantity), unit: unit(lot.unit),
            location: location(lot.locationID), dueDate: lot.dueDate?.description,
            dueDateKind: lot.dueDateKind.rawValue, status: lot.status.rawValue,
            purchasedAt: WireInstant(lot.purchasedAt), openedAt: lot.openedAt.map(WireInstant.init),
            packagedOn: lot.packagedOn?.description, price: lot.price.map(ExactDecimal.init), note: lot.note)
    }

    /// A unit by id and name.
    public func unit(_ id: UnitID) -> NamedReference {
        NamedReference(id: id.rawValue, name: state.units[id]?.name)
    }

    /// A location by id and name.
    public func location(_ id: LocationID) -> NamedReference {
        NamedReference(id: id.rawValue, name: state.locations[id]?.name)
    }

    private func byTitle(_ lhs: ProductStock, _ rhs: ProductStock) -> Bool {
        let left = titles[lhs.productID.rawValue] ?? lhs.productID.rawValue
        let right = titles[rhs.productID.rawValue] ?? rhs.productID.rawValue
        return left == right ? lhs.productID.rawValue < rhs.productID.rawValue : left < right
    }
}
