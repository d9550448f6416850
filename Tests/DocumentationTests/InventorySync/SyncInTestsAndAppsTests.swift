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
}
