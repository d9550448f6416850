import Foundation
import InventoryModule
import InventoryViews
import SyncWire

/// Builds the views of a household from the replica's folded state with the kit's `InventoryViewBuilder` — the
/// code `pantry --json` prints its views with — and product titles from the household's product records.
struct HouseholdViewService: Sendable {
    let source: any HouseholdViewSource
    let store: PostgresSyncStore
    let service: SyncService
    /// The clock "today" is read from.
    var now: @Sendable () -> Date = { Date() }

    func stock(of household: HouseholdID, atLeast: Int64?) async throws -> StockView {
        try await builder(of: household, atLeast: atLeast).stock()
    }

    func due(of household: HouseholdID, days: Int, atLeast: Int64?) async throws -> DueView {
        try await builder(of: household, atLeast: atLeast).due(now: now(), days: days)
    }

    func belowMinimum(of household: HouseholdID, atLeast: Int64?) async throws -> BelowMinimumView {
        try await builder(of: household, atLeast: atLeast).belowMinimum()
    }

    func shoppingList(of household: HouseholdID, atLeast: Int64?) async throws -> ShoppingListView {
        try await builder(of: household, atLeast: atLeast).shoppingList()
    }

    /// The open over-draws, with product titles and the names of members who booked on the web.
    func overdraws(of household: HouseholdID, atLeast: Int64?) async throws -> OverdrawsView {
        let view = try await folded(household, atLeast: atLeast)
        let open = view.state.openOverdraws
        let titles = try await titles(of: household, open.map(\.productID.rawValue))
        let members = open.isEmpty
            ? [:] : OverdrawReading.memberNames(try await service.mapStoreErrors { try await store.members(of: household) })
        let builder = InventoryViewBuilder(
            state: view.state, household: InventoryModule.HouseholdID(household.rawValue), asOf: view.foldedAt,
            seq: view.seq, titles: titles)
        return OverdrawsView(
            household: builder.household, asOf: WireInstant(view.foldedAt), seq: view.seq,
            overdraws: OverdrawReading.open(in: view.state, titles: titles, members: members).map {
                $0.item(units: builder.unit)
            })
    }

    /// A builder of the household's views at the replica's state, with the titles of the products they can name.
    private func builder(of household: HouseholdID, atLeast: Int64?) async throws -> InventoryViewBuilder {
        let view = try await folded(household, atLeast: atLeast)
        let titles = try await titles(of: household, InventoryViewBuilder.productIDs(in: view.state).sorted())
        return InventoryViewBuilder(
            state: view.state, household: InventoryModule.HouseholdID(household.rawValue), asOf: view.foldedAt,
            seq: view.seq, titles: titles)
    }

    private func folded(_ household: HouseholdID, atLeast: Int64?) async throws -> ReplicaView {
        try await service.mapStoreErrors { try await source.view(of: household, atLeast: atLeast) }
    }

    private func titles(of household: HouseholdID, _ ids: [String]) async throws -> [String: String] {
        try await service.mapStoreErrors { try await store.productTitles(of: household, ids: ids) }
    }
}
