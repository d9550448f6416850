import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import Testing

// snippet: sync-app-connectivity
/// Connectivity that your network monitor updates (`NWPathMonitor`'s update handler on Apple platforms).
actor NetworkReachability: ConnectivityProvider {
    private(set) var isOnline = true   // unknown counts as online: a push that fails is retried

    func update(isOnline: Bool) { self.isOnline = isOnline }
}
// end snippet

@Suite("Sync in tests and apps (DocC: Sync in tests and apps)")
struct SyncInTestsAndAppsTests {
    @Test("an app pushes after each write and keeps a retry loop and an event stream")
    func appSetup() async throws {
        let storage = InMemoryStorageProvider()
        let remote = InMemoryProductRemote()
        // snippet: sync-app-setup
        let reachability = NetworkReachability()
        let catalog = ProductModuleService(
            storage: storage, remote: remote, connectivity: reachability,   // default strategy: push right away
            replicaID: ReplicaID("7c1e…"))                                  // a stable id per installation
        let log = Task { for await event in await catalog.events() { print("sync:", event) } }   // or a status view
        try await catalog.addProducts([try Product.new(barcode: "4006381333931", title: "Milk", id: UUID(), now: .now)])
        await catalog.waitForBackgroundWork()                               // tests only: let the push finish
        // Retries fire without a new write while this runs; cancel it when the app goes to the background.
        let retries = Task {
            try await catalog.runRetryLoop(sleep: { seconds in try await Task.sleep(for: .seconds(seconds)) })
        }
        // end snippet
        let last = try await retries.value
        log.cancel()
        #expect(last.remaining == 0)
        #expect(await remote.products().count == 1)
    }

    @Test("a sync a person asks for pushes every waiting change; an automatic one waits out each backoff")
    func syncNow() async throws {
        let remote = InMemoryProductRemote()
        let catalog = ProductModuleService(
            storage: InMemoryStorageProvider(), remote: remote,
            strategy: ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenEnqueue), replicaID: "test-device",
            clock: ManualClock().clock, random: .constant(0.5))
        let milk = try Product.new(barcode: "4006381333931", title: "Milk", id: UUID(), now: .now)
        try await catalog.addProducts([milk])
        await remote.failNextCalls(1)
        // snippet: sync-now
        let failed = try await catalog.syncPending()                      // the server is down: the change waits
        let automatic = try await catalog.syncPending()                   // its retry is not due yet: nothing pushed
        let now = try await catalog.syncPending(trigger: .explicit)       // "Sync now": pushed, backoff or not
        // end snippet
        #expect(failed.failed == 1)
        #expect(automatic.pushed == 0 && automatic.remaining == 1)
        #expect(now.pushed == 1 && now.remaining == 0)
    }

    @Test("two devices' named entities converge to one record per key")
    func namedEntities() async throws {
        // snippet: sync-named-entities
        let remote = InMemoryNamedEntityRemote()           // InventoryKitTesting
        let deterministic = OutboxSyncConfiguration(writePolicy: .localThenEnqueue)
        let phone = NamedEntitySync(storage: InMemoryStorageProvider(), remote: remote, configuration: deterministic)
        let tablet = NamedEntitySync(storage: InMemoryStorageProvider(), remote: remote, configuration: deterministic)
        _ = try await phone.repository(for: .category).getOrCreate("Dairy")
        _ = try await tablet.repository(for: .category).getOrCreate("  DAIRY")   // offline, another spelling
        try await phone.sync()
        try await tablet.sync()
        try await phone.sync()
        let dairy = try await phone.repository(for: .category).find("dairy")   // "Dairy", alias "DAIRY", on both
        // end snippet
        #expect(dairy?.spellings == ["Dairy", "DAIRY"])
        #expect(try await tablet.repository(for: .category).find("Dairy")?.spellings == ["Dairy", "DAIRY"])
    }

    @Test("two devices edit one product: every field either set survives, and the decisions are kept")
    func fieldMerge() async throws {
        let remote = InMemoryProductRemote()
        let strategy = ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenEnqueue)
        let clock = ManualClock(Date(timeIntervalSinceReferenceDate: 800_000_000))
        let kitchen = ProductModuleService(
            storage: InMemoryStorageProvider(), remote: remote, strategy: strategy, replicaID: "kitchen", clock: clock.clock)
        let phone = ProductModuleService(
            storage: InMemoryStorageProvider(), remote: remote, strategy: strategy, replicaID: "phone", clock: clock.clock)
        let milk = try Product.new(barcode: "4006381333931", title: "Milk", id: UUID(), now: clock.now)
        try await kitchen.addProducts([milk])
        try await kitchen.syncPending()
        try await phone.syncPending()
        clock.advance(by: 60)
        #expect(try await phone.retrieveProduct(by: .barcode("4006381333931")) != nil)
        // snippet: sync-field-merge
        guard var kitchenMilk = try await kitchen.retrieveProduct(by: .barcode("4006381333931")),
            var phoneMilk = try await phone.retrieveProduct(by: .barcode("4006381333931"))
        else { return }
        kitchenMilk.title = "Milk 3.5%"
        kitchenMilk.brand = "Weihenstephan"
        try await kitchen.updateProducts([kitchenMilk])
        phoneMilk.title = "Organic milk"                              // offline, a minute later
        try await phone.updateProducts([phoneMilk])

        try await kitchen.syncPending()
        let report = try await phone.syncPending()                   // conflicts 1 (fields: 1 kept, 1 replaced)
        for record in try await phone.conflictLog.recent() {
            print(record.decision)   // brand: kept 'Weihenstephan' (kitchen) — no other value
        }                            // title: 'Organic milk' (phone, later) replaced 'Milk 3.5%' (kitchen)
        // end snippet
        clock.advance(by: 60)
        #expect(report.decidedFields == [.kept: 1, .replaced: 1])
        try await kitchen.syncPending()
        let merged = try await kitchen.retrieveProduct(by: .barcode("4006381333931"))
        #expect(merged?.title == "Organic milk" && merged?.brand == "Weihenstephan")
        #expect(try await phone.conflictLog.recent().count == 2)
    }

    @Test("a wrong address halts the pass without charging a change; only a refusal on the merits quarantines")
    func misconfiguredAddress() async throws {
        let remote = InMemoryProductRemote()
        let catalog = ProductModuleService(
            storage: InMemoryStorageProvider(), remote: remote,
            strategy: ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenEnqueue), replicaID: "test-device")
        try await catalog.addProducts([try Product.new(barcode: "4006381333931", title: "Milk", id: UUID(), now: .now)])
        // snippet: sync-outbox
        await remote.failNextCalls(1, with: .misconfigured("GET /v1/health gave 404: not the sync server"))
        let halted = try await catalog.syncPending(trigger: .explicit)
        if halted.wasHalted, case .misconfigured(let reason)? = halted.stoppedBy {
            print("fix the server address: \(reason)")                // nothing was charged or quarantined
        }
        for change in try await catalog.waitingChanges() {
            print(change.operationID, change.attempts, change.lastError ?? "")   // still waiting, 0 attempts
        }
        await remote.failNextCalls(1, with: .permanent("refused on its merits"))
        try await catalog.syncPending(trigger: .explicit)              // quarantined: the server judged the change
        let stuck = try await catalog.quarantinedChanges()
        try await catalog.requeueQuarantined(Set(stuck.map(\.operationID)))   // after fixing the cause
        let delivered = try await catalog.syncPending(trigger: .explicit)
        // end snippet
        #expect(halted.wasHalted && halted.failed == 0 && halted.quarantined == 0)
        #expect(stuck.count == 1)
        #expect(delivered.pushed == 1 && delivered.remaining == 0)
    }
}
