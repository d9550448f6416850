import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import SQLiteStorage
import Testing

/// The product catalog on SQLite, as an app integrates it: open the database, build the service on the native
/// store, add, quit, relaunch, sync.
@Suite("Client scenario: the product catalog on SQLite")
struct SQLiteClientScenarioTests {
    typealias S = SQLiteTestSupport

    /// The app's composition root: one database file, the native product store, the remote.
    private static func launch(
        path: String, remote: InMemoryProductRemote, device: String = "phone", clock: ManualClock,
        connectivity: any ConnectivityProvider = StaticConnectivity.online,
        writePolicy: ProductWritePolicy = .localThenEnqueue
    ) throws -> (SQLiteStorage, ProductModuleService) {
        let storage = try SQLiteStorage(path: path)
        let products = ProductModuleService(
            store: SQLiteProductStore(storage: storage), remote: remote, connectivity: connectivity,
            strategy: ProductSyncStrategy(readPolicy: .localOnly, writePolicy: writePolicy),
            replicaID: ReplicaID(device), clock: clock.clock, random: .seeded(1))
        return (storage, products)
    }

    @Test("add, quit, relaunch: the change waits in the outbox across the restart, then syncs")
    func addRestartSync() async throws {
        let path = S.temporaryDatabasePath()
        let remote = InMemoryProductRemote()
        let clock = ManualClock(S.t0)
        let milk = try Product.fixture(number: 1, barcoded: true, title: "Whole Milk", brand: "Acme")

        // First launch: add a product, then the app quits.
        do {
            let (storage, products) = try Self.launch(path: path, remote: remote, clock: clock)
            try await products.addProducts([milk])
            #expect(try await products.syncStatus(of: milk.productID) == .pendingUpsert)
            #expect(try await products.pendingCount() == 1)
            await products.waitForBackgroundWork()
            try storage.close()
        }
        #expect(await remote.products().isEmpty)

        // Second launch on the same file: the pending change is still there, and syncs.
        clock.advance(by: 60)
        let (storage, products) = try Self.launch(path: path, remote: remote, clock: clock)
        #expect(try await products.pendingCount() == 1)
        #expect(try await products.retrieveProduct(by: .barcode(GTIN.fixtureEAN13(1)))?.title == "Whole Milk")
        let report = try await products.syncPending()
        #expect(report.pushed == 1 && report.remaining == 0)
        #expect(try await products.syncStatus(of: milk.productID) == .synced)
        #expect(try await products.pendingCount() == 0)
        #expect(await remote.products().map(\.productID) == [milk.productID])
        let page = try await products.retrieveProducts(query: ProductQuery(sort: .title(), filters: [.brand("ACME"), .syncState(.synced)]))
        #expect(page.products.map(\.productID) == [milk.productID])
        try storage.close()
    }

    @Test("offline: the add succeeds locally and syncs when the network returns")
    func offlineAddThenSync() async throws {
        let remote = InMemoryProductRemote()
        let network = ToggleConnectivity(isOnline: false)
        let (storage, products) = try Self.launch(
            path: S.temporaryDatabasePath(), remote: remote, clock: ManualClock(S.t0), connectivity: network,
            writePolicy: .localThenRemoteImmediate)
        let bread = try Product.fixture(number: 2, title: "Rye Bread")
        try await products.addProducts([bread])
        await products.waitForBackgroundWork()
        #expect(try await products.syncStatus(of: bread.productID) == .pendingUpsert)
        let offline = try await products.syncPending()
        #expect(!offline.wasOnline && offline.remaining == 1)
        await network.set(online: true)
        let online = try await products.syncPending()
        #expect(online.pushed == 1 && online.remaining == 0)
        #expect(try await products.syncStatus(of: bread.productID) == .synced)
        #expect(await remote.products().map(\.productID) == [bread.productID])
        try storage.close()
    }

    @Test("a second device on its own database pulls additions, updates and deletions, and keeps its pull cursor")
    func secondDevicePulls() async throws {
        let remote = InMemoryProductRemote()
        let clock = ManualClock(S.t0)
        let (phoneStorage, phone) = try Self.launch(path: S.temporaryDatabasePath(), remote: remote, clock: clock)
        let tabletPath = S.temporaryDatabasePath()
        var (tabletStorage, tablet) = try Self.launch(path: tabletPath, remote: remote, device: "tablet", clock: clock)

        let tea = try Product.fixture(number: 3, barcoded: true, title: "Tea")
        let jam = try Product.fixture(number: 4, title: "Jam")
        try await phone.addProducts([tea, jam])
        try await phone.syncPending()
        try await tablet.syncPending()
        #expect(try await tablet.retrieveProduct(by: .productID(tea.productID))?.title == "Tea")
        #expect(try await tablet.syncStatus(of: jam.productID) == .synced)

        clock.advance(by: 10)
        var renamed = try #require(try await phone.retrieveProduct(by: .productID(tea.productID)))
        renamed.title = "Green Tea"
        try await phone.updateProducts([renamed])
        try await phone.deleteProducts([jam.productID])
        try await phone.syncPending()

        // The tablet restarts before pulling: its cursor and data come back from the file.
        try tabletStorage.close()
        (tabletStorage, tablet) = try Self.launch(path: tabletPath, remote: remote, device: "tablet", clock: clock)
        let report = try await tablet.syncPending()
        #expect(report.pulled >= 2)
        #expect(try await tablet.retrieveProduct(by: .productID(tea.productID))?.title == "Green Tea")
        #expect(try await tablet.retrieveProduct(by: .productID(jam.productID)) == nil)
        let store = SQLiteProductStore(storage: tabletStorage)
        #expect(try await store.tombstone(jam.productID) != nil)
        #expect(try await store.pullCursor() != nil)
        let titles = try await tablet.retrieveProducts(query: ProductQuery(sort: .title())).products.compactMap(\.title)
        #expect(titles == ["Green Tea"])
        try phoneStorage.close()
        try tabletStorage.close()
    }
}
