import Foundation
import InventoryModule

/// Builds the views of a household from the replica's folded state: the kit's own queries (`stock(at:)`,
/// `dueSoon(now:days:)`, `overdue(now:)`, `expired(now:)`, `belowMinimumStock()`, `shoppingList()`,
/// `openOverdraws`), with product titles from the household's product records.
struct HouseholdViewService: Sendable {
    let source: any HouseholdViewSource
    let store: PostgresSyncStore
    let service: SyncService
    /// The clock "today" is read from.
    var now: @Sendable () -> Date = { Date() }

    func stock(of household: HouseholdID, atLeast: Int64?) async throws -> HouseholdViews.Stock {
        let view = try await folded(household, atLeast: atLeast)
        let state = view.state
        let placed = Set(state.lots.values.map(\.locationID))
        let locationIDs = Set(state.locations.keys).union(placed).sorted { lhs, rhs in
            let left = state.locations[lhs]?.name ?? lhs.rawValue
            let right = state.locations[rhs]?.name ?? rhs.rawValue
            return left == right ? lhs.rawValue < rhs.rawValue : left < right
        }
        let stocks = locationIDs.map { state.stock(at: $0) }
        let titles = try await titles(of: household, stocks.flatMap { $0.products.map(\.productID.rawValue) })
        return HouseholdViews.Stock(
            seq: view.seq, foldedAt: view.foldedAt,
            locations: stocks.map { stock in
                let location = state.locations[stock.locationID]
                return HouseholdViews.Stock.Location(
                    locationId: stock.locationID.rawValue, name: location?.name, parentId: location?.parentID?.rawValue,
                    products: stock.products.map { product in
                        HouseholdViews.Stock.Product(
                            productId: product.productID.rawValue, title: titles[product.productID.rawValue],
                            total: product.total, unit: product.unit?.rawValue,
                            amountsByUnit: Dictionary(uniqueKeysWithValues: product.amountsByUnit.map { ($0.key.rawValue, $0.value) }),
                            lots: product.lots.map { ViewLot(lot: $0, title: titles[$0.productID.rawValue]) })
                    })
            })
    }

    func due(of household: HouseholdID, days: Int, atLeast: Int64?) async throws -> HouseholdViews.Due {
        let view = try await folded(household, atLeast: atLeast)
        let state = view.state
        let instant = now()
        let soon = state.dueSoon(now: instant, days: days)
        let overdue = state.overdue(now: instant)
        let expired = state.expired(now: instant)
        let titles = try await titles(of: household, (soon + overdue + expired).map(\.productID.rawValue))
        let lots = { (lots: [StockLot]) in lots.map { ViewLot(lot: $0, title: titles[$0.productID.rawValue]) } }
        let today = state.today(in: InventoryModule.HouseholdID(household.rawValue), at: instant)
        return HouseholdViews.Due(
            seq: view.seq, foldedAt: view.foldedAt, today: today.description, days: days,
            dueSoon: lots(soon), overdue: lots(overdue), expired: lots(expired))
    }

    func belowMinimum(of household: HouseholdID, atLeast: Int64?) async throws -> HouseholdViews.BelowMinimum {
        let view = try await folded(household, atLeast: atLeast)
        let shortfalls = view.state.belowMinimumStock()
        let titles = try await titles(of: household, shortfalls.map(\.productID.rawValue))
        return HouseholdViews.BelowMinimum(
            seq: view.seq, foldedAt: view.foldedAt,
            shortfalls: shortfalls.map {
                HouseholdViews.BelowMinimum.Shortfall(
                    productId: $0.productID.rawValue, title: titles[$0.productID.rawValue], minimum: $0.minimum,
                    current: $0.current, missing: $0.missing, unit: $0.unit?.rawValue)
            })
    }

    func shoppingList(of household: HouseholdID, atLeast: Int64?) async throws -> HouseholdViews.ShoppingList {
        let view = try await folded(household, atLeast: atLeast)
        let entries = view.state.shoppingList()
        let titles = try await titles(of: household, entries.compactMap(\.productID?.rawValue))
        return HouseholdViews.ShoppingList(
            seq: view.seq, foldedAt: view.foldedAt,
            entries: entries.map {
                HouseholdViews.ShoppingList.Entry(
                    source: $0.source.rawValue, itemId: $0.itemID?.rawValue, productId: $0.productID?.rawValue,
                    title: $0.productID.flatMap { titles[$0.rawValue] }, note: $0.note, amount: $0.amount,
                    unit: $0.unit?.rawValue, missingAmount: $0.missingAmount)
            })
    }

    /// The open over-draws, with product titles and the names of members who booked on the web.
    func overdraws(of household: HouseholdID, atLeast: Int64?) async throws -> HouseholdViews.Overdraws {
        let view = try await folded(household, atLeast: atLeast)
        let open = view.state.openOverdraws
        let titles = try await titles(of: household, open.map(\.productID.rawValue))
        let members = open.isEmpty
            ? [:] : OverdrawReading.memberNames(try await service.mapStoreErrors { try await store.members(of: household) })
        return HouseholdViews.Overdraws(
            seq: view.seq, foldedAt: view.foldedAt,
            overdraws: OverdrawReading.open(in: view.state, titles: titles, members: members).map(HouseholdViews.Overdraws.Item.init))
    }

    private func folded(_ household: HouseholdID, atLeast: Int64?) async throws -> ReplicaView {
        try await service.mapStoreErrors { try await source.view(of: household, atLeast: atLeast) }
    }

    private func titles(of household: HouseholdID, _ ids: [String]) async throws -> [String: String] {
        try await service.mapStoreErrors { try await store.productTitles(of: household, ids: ids) }
    }
}
