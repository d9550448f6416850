import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import SyncServer
import SyncWire

/// One device's journal of a server household: decides the kit's commands against its own state, as the kit's
/// service does, and turns the entries into push operations.
struct HouseholdJournal {
    let household: InventoryModule.HouseholdID
    var state = InventoryState()
    var entries: [InventoryJournalEntry] = []
    var now = Date(timeIntervalSince1970: 1_773_129_600)  // 2026-03-10T08:00:00Z

    init(of household: SyncServer.HouseholdID) {
        self.household = InventoryModule.HouseholdID(household.rawValue)
    }

    /// Decides a command, folds its entries and returns them; the clock moves on a minute.
    @discardableResult
    mutating func run(_ command: InventoryCommand) throws -> [InventoryJournalEntry] {
        let context = InventoryCommandContext(
            householdID: household, now: now, replicaID: ReplicaID("calendar-feed-test"),
            correlationID: CorrelationID(UUID()), makeUUID: { UUID() }, productExists: { _ in true })
        let decided = try InventoryCommandHandler.decide(command, in: state, context: context)
        for entry in decided {
            entries.append(entry)
            if state.apply(entry) == .requiresReprojection { state = InventoryProjector.project(entries) }
        }
        now += 60
        return decided
    }

    /// Buys `amount` of a product due on `day` and returns the lot it went into.
    @discardableResult
    mutating func buy(_ product: String, _ amount: Decimal, due day: CalendarDay, at location: String = "Fridge") throws -> LotID {
        let before = Set(state.lots.keys)
        try run(
            .purchase(
                PurchaseRequest(
                    productID: try ProductReference(product), amount: amount, unit: UnitID.derived(name: "piece"),
                    locationID: LocationID.derived(household: household, name: location), dueDate: .on(day))))
        guard let lot = state.lots.keys.first(where: { !before.contains($0) }) else {
            throw HarnessFailure(description: "the purchase of \(product) made no new lot")
        }
        return lot
    }

    /// Push operations of entries, as a device's gateway sends them.
    static func operations(_ entries: [InventoryJournalEntry]) throws -> [PushOperation] {
        try entries.map { entry in
            PushOperation(
                opId: UUID().uuidString.lowercased(), kind: "journal", entityId: entry.id.uuidString.lowercased(),
                payload: try KitPayloads.payload(entry))
        }
    }
}
