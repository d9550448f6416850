import Foundation
import InventoryModule
import InventorySync

extension WebPageBuilder {
    /// How many transactions the history page lists.
    static let historyLength = 50

    /// The household's most recent transactions from the folded state (`InventoryState.transactions`), newest
    /// first, with who booked each (a member by name, a device by its replica), when on the household's clocks, and
    /// whether the kit can undo it.
    func history(_ session: MemberSession, error: String? = nil) async throws -> HistoryPage {
        let view = try await folded(session.householdID)
        let state = view.state
        let recent = Self.newest(state.transactions.values, count: Self.historyLength)
        let zone = state.timeZone(of: InventoryModule.HouseholdID(session.householdID.rawValue))
        let zoneName = zone == .gmt ? "UTC" : zone.identifier
        let members = OverdrawReading.memberNames(
            try await service.mapStoreErrors { try await store.members(of: session.householdID) })
        let touched = recent.map { Self.products(of: $0, in: state) }
        let titles = try await titles(session.householdID, touched.flatMap { $0.map(\.rawValue) })
        let base = WebPaths.household(session.householdID)
        return HistoryPage(
            chrome: WebChrome(
                page: .history, title: "History", session: session, view: view,
                householdName: try await householdName(session, view), error: error),
            rows: zip(recent, touched).map { effect, products in
                let undone = state.undoneTransactions.contains(effect.transactionID)
                let id = effect.transactionID.rawValue.uuidString.lowercased()
                let author = effect.firstOrderKey.replicaID.rawValue
                return HistoryPage.Row(
                    transactionId: id, when: "\(WebChrome.minute(effect.firstOrderKey.recordedAt, in: zone)) \(zoneName)",
                    whenISO: effect.firstOrderKey.recordedAt.formatted(Date.ISO8601FormatStyle(timeZone: .gmt)),
                    who: members[author] ?? Self.deviceName(author), what: Self.words(effect.operations),
                    products: products.map { titles[$0.rawValue] ?? $0.rawValue }, undone: undone,
                    undoPath: !undone && effect.isUndoable ? "\(base)/history/\(id)/undo" : nil,
                    submission: UUID().uuidString.lowercased())
            })
    }

    /// The household's locations and units, with the forms that change them.
    func setup(
        _ session: MemberSession, error: String? = nil, locationName: String = "", unitName: String = "",
        unitPlural: String = ""
    ) async throws -> SetupPage {
        let view = try await folded(session.householdID)
        let state = view.state
        let base = WebPaths.household(session.householdID)
        return SetupPage(
            chrome: WebChrome(
                page: .setup, title: "Locations and units", session: session, view: view,
                householdName: try await householdName(session, view), error: error),
            locations: state.locations.values.sorted { ($0.name, $0.id.rawValue) < ($1.name, $1.id.rawValue) }
                .map { location in
                    let path = "\(base)/locations/\(WebPaths.segment(location.id.rawValue))"
                    return SetupPage.Location(
                        id: location.id.rawValue, name: location.name, isFreezer: location.isFreezer,
                        renamePath: "\(path)/rename", removePath: "\(path)/remove",
                        renameSubmission: UUID().uuidString.lowercased(), removeSubmission: UUID().uuidString.lowercased())
                },
            units: state.units.values.sorted { ($0.name, $0.id.rawValue) < ($1.name, $1.id.rawValue) }.map {
                SetupPage.Unit(id: $0.id.rawValue, name: $0.name, pluralName: $0.pluralName)
            },
            addLocationPath: "\(base)/locations", addLocationSubmission: UUID().uuidString.lowercased(),
            addUnitPath: "\(base)/units", addUnitSubmission: UUID().uuidString.lowercased(),
            conversions: state.conversions.values.filter { $0.productID == nil }
                .sorted { ($0.from.rawValue, $0.to.rawValue) < ($1.from.rawValue, $1.to.rawValue) }
                .map { conversion in
                    SetupPage.Conversion(
                        from: WebLotRow.unitName(state.units[conversion.from], id: conversion.from, amount: 1),
                        factor: "\(conversion.factor)",
                        to: WebLotRow.unitName(state.units[conversion.to], id: conversion.to, amount: conversion.factor))
                },
            unitOptions: state.units.values.sorted { ($0.name, $0.id.rawValue) < ($1.name, $1.id.rawValue) }.map {
                WebProductPage.Option(value: $0.id.rawValue, label: $0.name, selected: false)
            },
            addConversionPath: "\(base)/conversions", addConversionSubmission: UUID().uuidString.lowercased(),
            locationName: locationName, unitName: unitName, unitPlural: unitPlural)
    }

    /// The `count` transactions that sort last, newest first: one pass over the household's transactions keeping
    /// the newest few, so a long history costs a scan, not a sort.
    static func newest(_ effects: some Sequence<TransactionEffect>, count: Int) -> [TransactionEffect] {
        var kept: [TransactionEffect] = []
        kept.reserveCapacity(count + 1)
        for effect in effects {
            if kept.count == count, let oldest = kept.last, !(effect.firstOrderKey > oldest.firstOrderKey) { continue }
            let index = kept.firstIndex { effect.firstOrderKey > $0.firstOrderKey } ?? kept.endIndex
            kept.insert(effect, at: index)
            if kept.count > count { kept.removeLast() }
        }
        return kept
    }

    /// The products whose lots a transaction made, changed or counted, as far as the state still holds the lots.
    static func products(of effect: TransactionEffect, in state: InventoryState) -> [ProductReference] {
        var seen = Set<ProductReference>()
        var products: [ProductReference] = []
        let lots = effect.createdLots.union(effect.changedLots).union(effect.countedLots).union(effect.mergedIntoLots)
        for lot in lots.sorted(by: { $0.rawValue < $1.rawValue }) {
            guard let product = state.lot(lot)?.productID, seen.insert(product).inserted else { continue }
            products.append(product)
        }
        return products
    }

    /// A device as people read it: "the device kitchen-pantry", the last part of its replica id (a pantry names
    /// its replica after its store's path).
    static func deviceName(_ replica: String) -> String {
        let last = replica.split(separator: "/").last.map(String.init) ?? replica
        return "the device \(last.isEmpty ? replica : last)"
    }

    /// What a transaction did, in words people use: "Bought", "Used", "Moved, Counted".
    static func words(_ kinds: [InventoryOperationKind]) -> String {
        var seen = Set<String>()
        let words = kinds.map(Self.word).filter { seen.insert($0).inserted }
        return words.isEmpty ? "Nothing" : words.joined(separator: ", ")
    }

    private static func word(_ kind: InventoryOperationKind) -> String {
        switch kind {
        case .createHousehold: "Created the household"
        case .setHouseholdTimeZone: "Set the time zone"
        case .defineLocation: "Set up a location"
        case .removeLocation: "Removed a location"
        case .defineUnit: "Set up a unit"
        case .defineConversion: "Set up a unit conversion"
        case .setProductSettings: "Changed product settings"
        case .addShoppingListItem: "Added to the shopping list"
        case .removeShoppingListItem: "Checked off the shopping list"
        case .purchase: "Bought"
        case .consume: "Used"
        case .open: "Opened"
        case .transfer: "Moved"
        case .correct: "Counted"
        case .editLot: "Changed a lot"
        case .undo: "Undid a change"
        case .dismissOverdraw: "Dismissed an over-draw"
        }
    }
}
