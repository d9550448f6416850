import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

@Suite("Inventory commands and their preconditions (DocC: Getting started with InventoryModule, Inventory commands)")
struct InventoryCommandsTests {
    static let t0 = Date(timeIntervalSince1970: 1_767_225_600)   // 2026-01-01

    @Test("a household's stock from ids to purchases, transfers, undo and due-date views")
    func commands() async throws {
        let clock = ManualClock(Self.t0)
        let storage = InMemoryStorageProvider()
        // snippet: inventory-ids
        let home = HouseholdID(UUID())                                   // or try HouseholdID("…") from text
        let fridge = LocationID.derived(household: home, name: "Fridge") // the id .defineLocation gives "Fridge"
        let freezer = LocationID.derived(household: home, name: "Freezer")
        let piece = UnitID.derived(name: "piece")                        // the id .defineUnit gives "piece"
        let milk = try ProductReference("4006381333931")                 // a product id, as text
        let yogurt = try ProductReference("4001234567892")
        // end snippet
        // snippet: inventory-setup
        let inventory = InventoryModuleService(storage: storage, replicaID: "phone", clock: clock.clock)
        try await inventory.perform(.createHousehold(name: "Home"), in: home)   // first, once per household
        try await inventory.perform(.defineLocation(LocationDefinition(name: "Fridge")), in: home)
        try await inventory.perform(.defineLocation(LocationDefinition(name: "Freezer", isFreezer: true)), in: home)
        try await inventory.perform(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")), in: home)
        // end snippet
        let now = clock.now
        // snippet: inventory-purchase
        // A purchase needs a unit and a location: named in the request …
        try await inventory.perform(
            .purchase(PurchaseRequest(
                productID: milk, amount: 2, unit: piece, locationID: fridge, dueDate: .on(CalendarDay(containing: now + 2 * 86_400, in: .gmt)))),
            in: home)
        // … or given by the product's settings. With neither: InventoryError.missingUnit / .missingLocation.
        try await inventory.perform(
            .setProductSettings(ProductStockSettings(
                productID: yogurt, defaultDueDays: .days(14), dueDateKind: .expiry, stockUnit: piece,
                defaultLocation: fridge)),
            in: home)
        try await inventory.perform(.purchase(PurchaseRequest(productID: yogurt, amount: 4)), in: home)
        // end snippet
        await #expect(throws: InventoryError.missingUnit(milk)) {
            try await inventory.perform(.purchase(PurchaseRequest(productID: milk, amount: 1)), in: home)
        }
        // snippet: inventory-transfer
        // Stock moves out of a scope: one lot (.lot), one location (.location) or the whole household
        // (.household, lots already at the destination left out), the earliest due first.
        try await inventory.perform(
            .transfer(TransferRequest(productID: milk, amount: 1, scope: .location(fridge), destination: freezer)),
            in: home)
        // end snippet
        // snippet: inventory-undo
        // One idempotency key per user action: a retried or double-tapped command books once.
        let key = IdempotencyKey(UUID())
        let eaten = try await inventory.perform(.consume(ConsumeRequest(productID: yogurt, amount: 1)), in: home, idempotencyKey: key)
        let again = try await inventory.perform(.consume(ConsumeRequest(productID: yogurt, amount: 1)), in: home, idempotencyKey: key)
        // again.isReplay == true, again.transactionID == eaten.transactionID: nothing booked twice
        if let transaction = eaten.transactionID {
            try await inventory.perform(.undo(transaction), in: home)   // takes back all its entries together
        }
        // end snippet
        #expect(again.isReplay && again.transactionID == eaten.transactionID)
        clock.advance(by: 20 * 86_400)
        // snippet: inventory-due-views
        let state = try await inventory.state(of: home)
        let later = clock.now                                  // 20 days after the purchases
        let soon = state.dueSoon(now: later)                   // due today … in 5 days (or the product's dueSoonDays)
        let overdue = state.overdue(now: later)                // best-before date passed: often still fine
        let expired = state.expired(now: later)                // expiry date passed: only .expiry products
        let milkStock = state.stock(of: milk)                  // total in the stock unit, lots, opened lots
        // end snippet
        #expect(soon.isEmpty)
        #expect(Set(overdue.map(\.productID)) == [milk])
        #expect(Set(expired.map(\.productID)) == [yogurt])
        #expect(milkStock.total == 2)
        #expect(Set(milkStock.lots.map(\.locationID)) == [fridge, freezer])
        #expect(state.stock(of: yogurt).total == 4)
    }

    @Test("a second device pulls only the households it names (or has loaded)")
    func secondDevice() async throws {
        let home = HouseholdID(UUID())
        // snippet: inventory-second-device
        let journal = InMemoryInventoryRemote()   // InventoryModuleTesting
        let strategy = InventorySyncStrategy(writePolicy: .localThenEnqueue)
        let phone = InventoryModuleService(storage: InMemoryStorageProvider(), remote: journal, strategy: strategy, replicaID: "phone")
        let tablet = InventoryModuleService(storage: InMemoryStorageProvider(), remote: journal, strategy: strategy, replicaID: "tablet")
        try await phone.perform(.createHousehold(name: "Home"), in: home)
        try await phone.syncPending()                                    // pushes: the phone loaded `home`
        let nothing = try await tablet.syncPending()                     // a new device has loaded no household
        let pulled = try await tablet.syncPending(households: [home])   // name it: its journal arrives
        // end snippet
        #expect(nothing.pulled == 0)
        #expect(pulled.pulled == 1)
        #expect(try await tablet.state(of: home).households[home]?.name == "Home")
    }

    @Test("two devices consuming the same stock offline make an over-draw that a dismissal settles on both")
    func overdraws() async throws {
        let clock = ManualClock(Self.t0)
        let remote = InMemoryInventoryRemote()
        let offline = ToggleConnectivity()
        let home = HouseholdID(UUID())
        let fridge = LocationID.derived(household: home, name: "Fridge")
        let piece = UnitID.derived(name: "piece")
        let milk = try ProductReference("4006381333931")
        let kitchen = InventoryModuleService(storage: InMemoryStorageProvider(), remote: remote, replicaID: "kitchen", clock: clock.clock)
        let phone = InventoryModuleService(
            storage: InMemoryStorageProvider(), remote: remote, connectivity: offline, replicaID: "phone", clock: clock.clock)
        try await kitchen.perform(.createHousehold(name: "Home"), in: home)
        try await kitchen.perform(.defineLocation(LocationDefinition(name: "Fridge")), in: home)
        try await kitchen.perform(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")), in: home)
        try await kitchen.perform(.purchase(PurchaseRequest(productID: milk, amount: 2, unit: piece, locationID: fridge)), in: home)
        try await kitchen.syncPending(households: [home])
        try await phone.syncPending(households: [home])
        await offline.set(online: false)
        clock.advance(by: 60)
        try await kitchen.perform(.consume(ConsumeRequest(productID: milk, amount: 2, unit: piece)), in: home)
        clock.advance(by: 60)
        try await phone.perform(.consume(ConsumeRequest(productID: milk, amount: 1.5, unit: piece)), in: home)
        await offline.set(online: true)
        try await kitchen.syncPending(households: [home])
        try await phone.syncPending(households: [home])
        let inventory = kitchen
        try await inventory.syncPending(households: [home])
        // snippet: inventory-overdraws
        let state = try await inventory.state(of: home)
        for overdraw in state.openOverdraws {
            // milk: asked 1.5, took 0, booked by phone after kitchen took the stock
            print(overdraw.productID, overdraw.asked, overdraw.taken, overdraw.author, overdraw.takers.map(\.author))
            try await inventory.perform(.dismissOverdraw(overdraw.entryID), in: home)
            // or count it: .correct(CorrectionRequest(productID: …, amount: …, settlingOverdraws: [overdraw.entryID]))
        }
        // end snippet
        #expect(state.openOverdraws.map(\.author) == ["phone"])
        #expect(state.openOverdraws.first?.takers.map(\.author) == ["kitchen"])
        try await inventory.syncPending(households: [home])
        try await phone.syncPending(households: [home])
        #expect(try await phone.state(of: home).openOverdraws.isEmpty)
    }
}
