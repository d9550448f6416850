import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import Testing

@Suite("Offline-first flows (seed sections 7.1–7.4)")
struct OfflineFirstFlowTests {
    typealias F = SyncFixtures

    static let immediate = ProductSyncStrategy(
        readPolicy: .localThenRemoteIfStale(staleAfter: 60), writePolicy: .localThenRemoteImmediate,
        retryPolicy: RetryPolicy(baseDelay: 1, maxDelay: 8, maxAttempts: 5))

    // MARK: 7.1 Add

    @Test("7.1 add commits locally as pendingUpsert, returns, then pushes and marks synced")
    func addThenPush() async throws {
        let remote = InMemoryProductRemote()
        let device = F.Device("a", remote: remote, strategy: Self.immediate)
        let milk = try Product.fixture(number: 1, barcoded: true, title: "Milk")
        let result = try await device.service.addProducts([milk])
        #expect(result.added.first?.version == 1)
        await device.service.waitForBackgroundWork()
        #expect(try await device.service.syncStatus(of: milk.productID) == .synced)
        #expect(await remote.products().map(\.productID) == [milk.productID])
        #expect(try await device.service.pendingCount() == 0)
    }

    @Test("7.1 offline: the add succeeds locally and stays pendingUpsert until connectivity returns")
    func addOffline() async throws {
        let remote = InMemoryProductRemote()
        let device = F.Device("a", remote: remote, strategy: Self.immediate)
        await device.connectivity.set(online: false)
        let bread = try Product.fixture(title: "Bread")
        try await device.service.addProducts([bread])
        await device.service.waitForBackgroundWork()
        #expect(try await device.service.syncStatus(of: bread.productID) == .pendingUpsert)
        #expect(try await device.service.retrieveProduct(by: .productID(bread.productID))?.title == "Bread")
        let offlineReport = try await device.service.syncPending()
        #expect(!offlineReport.wasOnline && offlineReport.remaining == 1)
        await device.connectivity.set(online: true)
        let report = try await device.service.syncPending()
        #expect(report.pushed == 1 && report.remaining == 0)
        #expect(try await device.service.syncStatus(of: bread.productID) == .synced)
    }

    @Test("7.1 a remote failure leaves the change failed with a scheduled retry, and the retry succeeds")
    func addWithRemoteFailure() async throws {
        let remote = InMemoryProductRemote()
        let device = F.Device("a", remote: remote)
        let eggs = try Product.fixture(number: 2, barcoded: true, title: "Eggs")
        try await device.service.addProducts([eggs])
        await remote.failNextCalls(1)
        let failed = try await device.service.syncPending()
        #expect(failed.failed == 1)
        guard case .failed(let count, _, let next?) = try await device.service.syncStatus(of: eggs.productID) else {
            Issue.record("expected a failed status with a retry date")
            return
        }
        #expect(count == 1 && next >= F.t0 && next <= F.t0 + 1)
        device.clock.advance(by: 2)
        #expect(try await device.service.syncPending().pushed == 1)
        #expect(try await device.service.syncStatus(of: eggs.productID) == .synced)
    }

    @Test("7.1 after failures, an explicit sync pushes every waiting change at once; an automatic one waits for each retry")
    func explicitSyncIgnoresBackoff() async throws {
        let remote = InMemoryProductRemote()
        let device = F.Device("a", remote: remote)
        let products = try (1...4).map { try Product.fixture(number: 40 + $0, barcoded: true, title: "Product \($0)") }
        try await device.service.addProducts(products)
        for _ in 0..<3 {
            await remote.failNextCalls(1)
            let failed = try await device.service.syncPending(trigger: .explicit)
            #expect(failed.pushed == 0 && failed.failed == 4 && failed.remaining == 4)
        }
        let automatic = try await device.service.syncPending()
        #expect(automatic.pushed == 0 && automatic.remaining == 4, "no retry is due: the clock has not moved")
        let explicit = try await device.service.syncPending(trigger: .explicit)
        #expect(explicit.pushed == 4 && explicit.remaining == 0)
        #expect(await remote.products().count == 4)
        for product in products { #expect(try await device.service.syncStatus(of: product.productID) == .synced) }
    }

    @Test("7.1 invalid products and duplicates are rejected before anything is written")
    func addRejectsBadInput() async throws {
        let device = F.Device("a", remote: InMemoryProductRemote())
        let good = try Product.fixture(number: 3, barcoded: true, title: "Good")
        var mismatched = try Product.fixture(number: 4, barcoded: true, title: "Bad")
        mismatched.barcode = try Barcode(GTIN.fixtureEAN13(5))
        let before = await device.storage.snapshot()
        await #expect(throws: ProductModuleError.self) { try await device.service.addProducts([good, mismatched]) }
        await #expect(throws: ProductModuleError.duplicateInBatch(good.productID)) {
            try await device.service.addProducts([good, good])
        }
        #expect(await device.storage.snapshot() == before)
        try await device.service.addProducts([good])
        await #expect(throws: ProductModuleError.alreadyExists(good.productID)) { try await device.service.addProducts([good]) }
        await device.storage.failNextWrites(1)
        let another = try Product.fixture(number: 6, barcoded: true, title: "Another")
        let committed = await device.storage.snapshot()
        await #expect(throws: StorageError.self) { try await device.service.addProducts([another]) }
        #expect(await device.storage.snapshot() == committed)
    }

    // MARK: 7.2 Retrieve one

    @Test("7.2 a local miss fetches the remote, caches the product and returns it")
    func retrieveMissFetchesRemote() async throws {
        let remote = InMemoryProductRemote()
        let writer = F.Device("a", remote: remote)
        let juice = try Product.fixture(number: 7, barcoded: true, title: "Juice")
        try await writer.service.addProducts([juice])
        try await writer.service.syncPending()
        let reader = F.Device("b", remote: remote, strategy: Self.immediate)
        let digits = GTIN.fixtureEAN13(7)
        let spaced = String(digits.prefix(6)) + " " + String(digits.dropFirst(6))
        let found = try await reader.service.retrieveProduct(by: .barcode(spaced))
        #expect(found?.title == "Juice")
        await reader.connectivity.set(online: false)
        #expect(try await reader.service.retrieveProduct(by: .productID(juice.productID))?.title == "Juice")
        #expect(try await reader.service.syncStatus(of: juice.productID) == .synced)
    }

    @Test("7.2 a local hit returns immediately; a stale one is refreshed in the background")
    func retrieveHitRefreshesWhenStale() async throws {
        let remote = InMemoryProductRemote()
        let a = F.Device("a", remote: remote)
        let b = F.Device("b", remote: remote, strategy: Self.immediate)
        let tea = try Product.fixture(number: 8, barcoded: true, title: "Tea")
        try await a.service.addProducts([tea])
        try await a.service.syncPending()
        _ = try await b.service.retrieveProduct(by: .productID(tea.productID))
        await b.service.waitForBackgroundWork()
        var renamed = try #require(try await a.service.retrieveProduct(by: .productID(tea.productID)))
        renamed.title = "Green tea"
        a.clock.advance(by: 10)
        try await a.service.updateProducts([renamed])
        try await a.service.syncPending()
        #expect(try await b.service.retrieveProduct(by: .productID(tea.productID))?.title == "Tea")
        await b.service.waitForBackgroundWork()
        #expect(try await b.service.retrieveProduct(by: .productID(tea.productID))?.title == "Tea")
        b.clock.advance(by: 120)
        #expect(try await b.service.retrieveProduct(by: .productID(tea.productID))?.title == "Tea")
        await b.service.waitForBackgroundWork()
        #expect(try await b.service.retrieveProduct(by: .productID(tea.productID))?.title == "Green tea")
    }

    @Test("7.2 an invalid barcode lookup is a typed error")
    func retrieveInvalidBarcode() async throws {
        let device = F.Device("a", remote: InMemoryProductRemote())
        await #expect(throws: ProductModuleError.self) { try await device.service.retrieveProduct(by: .barcode("12345")) }
    }

    // MARK: 7.3 Retrieve all

    @Test("7.3 pages come from the local store immediately and a background pull refreshes the cache")
    func retrieveAllThenPull() async throws {
        let remote = InMemoryProductRemote()
        let a = F.Device("a", remote: remote)
        let b = F.Device("b", remote: remote, strategy: Self.immediate)
        let items = try (10..<15).map { try Product.fixture(number: $0, barcoded: true, title: "Item \($0)") }
        try await a.service.addProducts(items)
        try await a.service.syncPending()
        let first = try await b.service.retrieveProducts(query: ProductQuery(sort: .title()))
        #expect(first.products.isEmpty)
        await b.service.waitForBackgroundWork()
        let second = try await b.service.retrieveProducts(query: ProductQuery(page: PageRequest(limit: 3), sort: .title()))
        #expect(second.products.compactMap(\.title) == ["Item 10", "Item 11", "Item 12"])
        let next = try #require(ProductQuery(page: PageRequest(limit: 3), sort: .title()).after(second.nextCursor))
        let third = try await b.service.retrieveProducts(query: next)
        #expect(third.products.compactMap(\.title) == ["Item 13", "Item 14"])
        let pending = try await b.service.retrieveProducts(query: ProductQuery(filters: [.syncState(.synced)]))
        #expect(pending.products.count == 5)
    }

    // MARK: 7.4 Update

    @Test("7.4 update is local first, bumps the version and keeps updatedAt monotonic, then syncs")
    func update() async throws {
        let remote = InMemoryProductRemote()
        let device = F.Device("a", remote: remote)
        let rice = try Product.fixture(number: 20, barcoded: true, title: "Rice")
        let added = try await device.service.addProducts([rice]).added[0]
        try await device.service.syncPending()
        var edited = added
        edited.brand = "Acme"
        device.clock.advance(by: -100)  // a clock that went backwards
        let updated = try await device.service.updateProducts([edited]).updated[0]
        #expect(updated.version == 2 && updated.updatedAt >= added.updatedAt)
        #expect(try await device.service.syncStatus(of: rice.productID) == .pendingUpsert)
        try await device.service.syncPending()
        #expect(await remote.products().first?.brand == "Acme")
        let unchanged = try await device.service.updateProducts([updated])
        #expect(unchanged.unchanged == [rice.productID] && unchanged.updated.isEmpty)
        await #expect(throws: ProductModuleError.staleVersion(rice.productID, stored: 2, submitted: 1)) {
            try await device.service.updateProducts([edited])
        }
        let ghost = try Product.fixture(number: 21, barcoded: true, title: "Ghost")
        await #expect(throws: ProductModuleError.notFound(ghost.productID)) { try await device.service.updateProducts([ghost]) }
        var rebarcoded = updated
        rebarcoded.barcode = try Barcode(GTIN.fixtureEAN13(22))
        await #expect(throws: ProductModuleError.barcodeChangeNotAllowed(rice.productID)) {
            try await device.service.updateProducts([rebarcoded])
        }
    }

    @Test("7.4 adding a barcode later migrates to the canonical id and the old id still resolves, on every replica")
    func barcodeMigration() async throws {
        let remote = InMemoryProductRemote()
        let a = F.Device("a", remote: remote)
        let b = F.Device("b", remote: remote)
        let loose = try await a.service.addProducts([try Product.fixture(title: "Loose apples")]).added[0]
        try await a.service.syncPending()
        try await b.service.syncPending()
        var scanned = loose
        scanned.barcode = try Barcode(GTIN.fixtureEAN13(30))
        let result = try await a.service.updateProducts([scanned])
        let alias = try #require(result.migrated.first)
        #expect(alias.from == loose.productID && alias.to.rawValue == GTIN.fixtureEAN13(30))
        #expect(try await a.service.retrieveProduct(by: .productID(loose.productID))?.productID == alias.to)
        try await a.service.syncPending()
        try await b.service.syncPending()
        #expect(try await b.service.retrieveProduct(by: .productID(loose.productID))?.title == "Loose apples")
        #expect(try await b.service.retrieveProduct(by: .barcode(GTIN.fixtureEAN13(30)))?.productID == alias.to)
        #expect(try await b.products().map(\.productID) == [alias.to])
    }

    @Test("conflict policies decide concurrent offline edits the same way on every replica", arguments: ["lww", "remote", "local", "merge"])
    func conflictPolicies(_ name: String) async throws {
        let policy: ConflictPolicy<Product> = switch name {
        case "lww": .lastWriteWins
        case "remote": .remoteWins
        case "local": .localWins
        default: .merge { local, remote in
            var merged = remote
            merged.title = [remote.title, local.title].compactMap { $0 }.joined(separator: " / ")
            return merged
        }
        }
        let strategy = ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenEnqueue, conflictPolicy: policy)
        let remote = InMemoryProductRemote()
        let clock = ManualClock(F.t0)
        let a = F.Device("a", remote: remote, clock: clock, strategy: strategy)
        let b = F.Device("b", remote: remote, clock: clock, strategy: strategy)
        let soap = try Product.fixture(number: 40, barcoded: true, title: "Soap")
        let base = try await a.service.addProducts([soap]).added[0]
        try await a.service.syncPending()
        try await b.service.syncPending()
        var fromA = base
        fromA.title = "Soap A"
        clock.advance(by: 1)
        try await a.service.updateProducts([fromA])
        var fromB = try #require(try await b.service.retrieveProduct(by: .productID(base.productID)))
        fromB.title = "Soap B"
        clock.advance(by: 1)
        try await b.service.updateProducts([fromB])   // B's edit is the later one
        try await a.service.syncPending()
        let report = try await b.service.syncPending()
        #expect(report.conflicts == 1)
        try await a.service.syncPending()
        let expected: String = switch name {
        case "lww", "local": "Soap B"
        case "remote": "Soap A"
        default: "Soap A / Soap B"
        }
        #expect(await remote.products().first?.title == expected)
        #expect(try await a.products() == remote.products())
        #expect(try await b.products() == remote.products())
    }
}
