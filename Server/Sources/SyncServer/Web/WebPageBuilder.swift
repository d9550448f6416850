import Foundation
import InventoryModule

/// Builds the page values from the replica's folded state: the kit's own queries (`stock(at:)`, `dueSoon`,
/// `overdue`, `expired`, `shoppingList()`, `openOverdraws`), product titles from the household's product records
/// and members' names.
struct WebPageBuilder: Sendable {
    let source: any HouseholdViewSource
    let store: PostgresSyncStore
    let service: SyncService
    var now: @Sendable () -> Date = { Date() }
    /// Where the purchase page looks up a barcode the household's catalog never held; `nil` when the server does
    /// not look barcodes up.
    var lookup: OpenFoodFactsLookup?

    /// The state to render, folded through every change committed when the page was asked for.
    func folded(_ household: HouseholdID) async throws -> ReplicaView {
        try await service.mapStoreErrors { try await source.view(of: household, atLeast: nil) }
    }

    func stock(_ session: MemberSession, error: String? = nil) async throws -> StockPage {
        let view = try await folded(session.householdID)
        let state = view.state
        let context = try await rowContext(session, view, lots: Array(state.lots.values))
        let placed = Set(state.lots.values.map(\.locationID))
        let locations = placed.sorted { lhs, rhs in
            let left = state.locations[lhs]?.name ?? lhs.rawValue
            let right = state.locations[rhs]?.name ?? rhs.rawValue
            return left == right ? lhs.rawValue < rhs.rawValue : left < right
        }
        return StockPage(
            chrome: WebChrome(page: .stock, title: "Stock", session: session, view: view, householdName: try await householdName(session, view), error: error),
            overdraws: try await overdraws(session, view),
            locations: locations.enumerated().map { index, location in
                let stock = state.stock(at: location)
                return StockPage.Location(
                    name: context.locationName(location), headingId: "location-\(index)",
                    lots: stock.products.flatMap(\.lots).map(context.row))
            })
    }

    func due(_ session: MemberSession) async throws -> DuePage {
        let view = try await folded(session.householdID)
        let state = view.state
        let instant = now()
        let soon = state.dueSoon(now: instant, days: InventoryState.defaultDueSoonDays)
        let overdue = state.overdue(now: instant)
        let expired = state.expired(now: instant)
        let context = try await rowContext(session, view, lots: soon + overdue + expired)
        return DuePage(
            chrome: WebChrome(page: .due, title: "Due", session: session, view: view, householdName: try await householdName(session, view)),
            today: context.today.description, days: InventoryState.defaultDueSoonDays,
            expired: expired.map(context.row), overdue: overdue.map(context.row), soon: soon.map(context.row))
    }

    func shopping(
        _ session: MemberSession, error: String? = nil, note: String = "", amount: String = "", unit: String = ""
    ) async throws -> ShoppingPage {
        let view = try await folded(session.householdID)
        let entries = view.state.shoppingList()
        let titles = try await titles(session.householdID, entries.compactMap(\.productID?.rawValue))
        let base = WebPaths.household(session.householdID)
        return ShoppingPage(
            chrome: WebChrome(page: .shopping, title: "Shopping list", session: session, view: view, householdName: try await householdName(session, view), error: error),
            rows: entries.map { entry in
                let title = entry.productID.map { titles[$0.rawValue] ?? $0.rawValue }
                // The element isolates the whole text; a title and a note joined are each isolated too.
                let parts = [title, entry.note.isEmpty ? nil : entry.note].compactMap(\.self)
                let text = parts.count > 1 ? parts.map(WebText.isolated).joined(separator: " — ") : parts.first ?? ""
                let amount = entry.amount ?? entry.missingAmount
                return ShoppingPage.Row(
                    itemId: entry.itemID?.rawValue,
                    removePath: entry.itemID.map { "\(base)/shopping/\(WebPaths.segment($0.rawValue))/remove" },
                    text: text.isEmpty ? "(no note)" : text,
                    quantity: amount.map { amount in
                        ShoppingPage.Quantity(
                            amount: "\(amount)",
                            unit: entry.unit.map { WebLotRow.unitName(view.state.units[$0], id: $0, amount: amount) })
                    },
                    suggestion: entry.itemID == nil, submission: UUID().uuidString.lowercased())
            },
            addPath: "\(base)/shopping", addSubmission: UUID().uuidString.lowercased(), note: note, amount: amount,
            unit: unit)
    }

    func product(_ session: MemberSession, id: String, error: String? = nil) async throws -> WebProductPage {
        let view = try await folded(session.householdID)
        let lots = view.state.lots.values.filter { $0.productID.rawValue == id }
            .sorted { lhs, rhs in
                if lhs.dueDate != rhs.dueDate {
                    guard let left = lhs.dueDate else { return false }
                    guard let right = rhs.dueDate else { return true }
                    return left < right
                }
                return (lhs.purchasedAt, lhs.id.rawValue) < (rhs.purchasedAt, rhs.id.rawValue)
            }
        let context = try await rowContext(session, view, lots: lots, extraProducts: [id])
        let title = context.titles[id] ?? id
        let state = view.state
        let settings = ProductReference(rawValue: id).flatMap { state.productSettings[$0] }
        let locations = state.locations.values.sorted { ($0.name, $0.id.rawValue) < ($1.name, $1.id.rawValue) }
        let units = state.units.values.sorted { ($0.name, $0.id.rawValue) < ($1.name, $1.id.rawValue) }
        let none = WebProductPage.Option(value: "", label: "None", selected: false)
        return WebProductPage(
            chrome: WebChrome(page: .product, title: title, session: session, view: view, householdName: try await householdName(session, view), error: error),
            productId: id, lots: lots.map(context.row),
            destinations: locations.map { WebProductPage.Option(value: $0.id.rawValue, label: $0.name, selected: false) },
            settingsPath: "\(context.householdPath)/products/\(WebPaths.segment(id))/settings",
            settingsSubmission: UUID().uuidString.lowercased(),
            minimumStock: settings.map { "\($0.minimumStock)" } ?? "0",
            dueDays: settings?.defaultDueDays.flatMap { if case .days(let days) = $0 { "\(days)" } else { nil } } ?? "",
            settingsLocations: [none] + locations.map {
                WebProductPage.Option(value: $0.id.rawValue, label: $0.name, selected: settings?.defaultLocation == $0.id)
            },
            settingsUnits: [none] + units.map {
                WebProductPage.Option(value: $0.id.rawValue, label: $0.name, selected: settings?.stockUnit == $0.id)
            })
    }

    func calendar(_ session: MemberSession, newLink: String? = nil) async throws -> CalendarPage {
        let view = try await folded(session.householdID)
        let feeds = try await service.mapStoreErrors { try await store.feeds(of: session.householdID) }
        return CalendarPage(
            chrome: WebChrome(
                page: .calendar, title: "Calendar", session: session, view: view,
                householdName: try await householdName(session, view),
                notice: newLink == nil ? nil : "A new subscription link was created."),
            feeds: feeds.map {
                CalendarPage.Feed(label: $0.label ?? "(no label)", createdOn: WebPaths.day($0.createdAt), revoked: $0.revokedAt != nil)
            },
            createPath: "\(WebPaths.household(session.householdID))/calendar/feeds",
            createSubmission: UUID().uuidString.lowercased(), newLink: newLink)
    }

    /// The banners of the open over-draws, in fold order.
    private func overdraws(_ session: MemberSession, _ view: ReplicaView) async throws -> [WebOverdrawBanner] {
        let state = view.state
        let open = state.openOverdraws
        guard !open.isEmpty else { return [] }
        let household = session.householdID
        let titles = try await titles(household, open.map(\.productID.rawValue))
        let members = OverdrawReading.memberNames(
            try await service.mapStoreErrors { try await store.members(of: household) })
        let timeZone = state.timeZone(of: InventoryModule.HouseholdID(household.rawValue))
        let instant = now()
        return OverdrawReading.open(in: state, titles: titles, members: members).enumerated().map { index, reading in
            WebOverdrawBanner(
                reading, index: index, units: state.units, timeZone: timeZone, now: instant,
                householdPath: WebPaths.household(household))
        }
    }

    /// The household's name: the one its journal gives it, else the one it was created under on the server.
    func householdName(_ session: MemberSession, _ view: ReplicaView) async throws -> String {
        try await householdName(session.householdID, view)
    }

    /// The household's name as its pages show it (see above).
    func householdName(_ household: HouseholdID, _ view: ReplicaView) async throws -> String {
        if let name = view.state.households[InventoryModule.HouseholdID(household.rawValue)]?.name { return name }
        return try await service.mapStoreErrors { try await store.householdName(household) } ?? "Your household"
    }

    // MARK: - Rows

    /// What rows of one page share: titles, location names, the household's today.
    struct RowContext: Sendable {
        let titles: [String: String]
        let locations: [LocationID: StorageLocation]
        let units: [UnitID: QuantityUnit]
        let today: CalendarDay
        let householdPath: String

        func locationName(_ id: LocationID) -> String { locations[id]?.name ?? id.rawValue }

        func row(_ lot: StockLot) -> WebLotRow {
            WebLotRow(
                lot: lot, title: titles[lot.productID.rawValue], location: locationName(lot.locationID),
                unit: units[lot.unit], today: today, householdPath: householdPath)
        }
    }

    private func rowContext(
        _ session: MemberSession, _ view: ReplicaView, lots: [StockLot], extraProducts: [String] = []
    ) async throws -> RowContext {
        let household = session.householdID
        return RowContext(
            titles: try await titles(household, lots.map(\.productID.rawValue) + extraProducts),
            locations: view.state.locations,
            units: view.state.units,
            today: view.state.today(in: InventoryModule.HouseholdID(household.rawValue), at: now()),
            householdPath: WebPaths.household(household))
    }

    func titles(_ household: HouseholdID, _ ids: [String]) async throws -> [String: String] {
        try await service.mapStoreErrors { try await store.productTitles(of: household, ids: ids) }
    }
}
