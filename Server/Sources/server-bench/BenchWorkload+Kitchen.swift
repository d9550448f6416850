import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import SyncServer

extension BenchWorkload {
    /// At least `count` journal entries of a household's kitchen, decided by the kit's command handler against
    /// the state they fold to, as a device's service decides them: a unit and a location, then purchases of
    /// `products` products (due on spread-out days, with a price), each but every twentieth eaten up again
    /// (the oldest lot of the product first) — a long history over a live stock of a few thousand lots.
    static func kitchen(of household: SyncServer.HouseholdID, count: Int, products: Int = 400) throws -> BenchWorkload {
        let kit = InventoryModule.HouseholdID(household.rawValue)
        var state = InventoryState()
        var entries: [InventoryJournalEntry] = []
        entries.reserveCapacity(count + 4)
        var now = Date(timeIntervalSinceReferenceDate: 800_000_000)
        func run(_ command: InventoryCommand) throws {
            let context = InventoryCommandContext(
                householdID: kit, now: now, replicaID: ReplicaID("bench-device"), correlationID: CorrelationID(UUID()),
                makeUUID: { UUID() }, productExists: { _ in true })
            for entry in try InventoryCommandHandler.decide(command, in: state, context: context) {
                entries.append(entry)
                guard state.apply(entry) != .requiresReprojection else {
                    throw BenchFailure("kitchen workload: entry \(entries.count) asks for a reprojection")
                }
            }
            now += 60
        }
        try run(.createHousehold(name: "Bench kitchen"))
        try run(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")))
        let pantry = LocationID.derived(household: kit, name: "Pantry")
        try run(.defineLocation(LocationDefinition(id: pantry, name: "Pantry")))
        let piece = UnitID.derived(name: "piece")
        let firstDay = try CalendarDay(year: 2026, month: 3, day: 1)
        let price = Decimal(string: "1.99") ?? 2
        var purchase = 0
        while entries.count < count {
            let product = try ProductReference("bench-product-\(purchase % products)")
            try run(.purchase(PurchaseRequest(
                productID: product, amount: 2, unit: piece, locationID: pantry,
                dueDate: .on(firstDay.adding(days: purchase % 365)), price: price)))
            if purchase % 20 != 0, entries.count < count {
                try run(.consume(ConsumeRequest(productID: product, amount: 2, unit: piece)))
            }
            purchase += 1
        }
        var rows: [Row] = []
        rows.reserveCapacity(entries.count)
        for entry in entries {
            rows.append(Row(
                opID: UUID(), entityID: entry.id.uuidString.lowercased(),
                payload: String(decoding: try RecordCoding.encode(entry), as: UTF8.self)))
        }
        return BenchWorkload(operations: [], rows: rows)
    }
}
