import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

@Suite("InventoryModuleService: local first, journal sync, idempotency, product references")
struct InventoryModuleServiceTests {
    typealias S = ServiceFixtures

    @Test("a command commits locally with its outbox entries, then syncs to a second device")
    func localFirstThenSync() async throws {
        let remote = InMemoryInventoryRemote()
        let a = S.Device("a", remote: remote)
        let b = S.Device("b", remote: remote)
        try await a.setUpHousehold()
        let milk = S.products[0]
        let bought = try await a.purchase(milk, "2", at: S.fridge)
        #expect(try await a.service.pendingCount() == 5 + bought.entries.count)
        #expect(try await a.service.syncStatus(ofEntry: bought.entries[0].id) == .pendingUpsert)
        #expect(try await a.service.state(of: S.home).stock(of: milk).lots.count == 1)
        let report = try await a.service.syncPending()
        #expect(report.pushed == 6 && report.remaining == 0)
        #expect(try await a.service.syncStatus(ofEntry: bought.entries[0].id) == .synced)
        try await b.service.syncPending(households: [S.home])
        #expect(try await b.service.state(of: S.home) == a.service.state(of: S.home))
    }

    @Test("a repeated command with the same idempotency key applies once")
    func idempotency() async throws {
        let device = S.Device("a", remote: InMemoryInventoryRemote())
        try await device.setUpHousehold()
        let key = try IdempotencyKey("scan-42")
        let request = InventoryCommand.purchase(
            PurchaseRequest(productID: S.products[1], amount: 6, unit: S.piece, locationID: S.fridge))
        let first = try await device.service.perform(request, in: S.home, idempotencyKey: key)
        let second = try await device.service.perform(request, in: S.home, idempotencyKey: key)
        #expect(!first.isReplay && second.isReplay && second.transactionID == first.transactionID)
        #expect(try await device.service.state(of: S.home).stock(of: S.products[1]).lots.map(\.quantity) == [6])
        await device.restart()
        let third = try await device.service.perform(request, in: S.home, idempotencyKey: key)
        #expect(third.isReplay)
    }

    @Test("an unknown product is refused and nothing is written")
    func unknownProduct() async throws {
        let device = S.Device("a", remote: InMemoryInventoryRemote())
        try await device.setUpHousehold()
        let ghost = try ProductReference("ghost")
        let before = await device.storage.snapshot()
        await #expect(throws: InventoryError.unknownProduct(ghost)) { _ = try await device.purchase(ghost, "1", at: S.pantry) }
        await #expect(throws: InventoryError.self) { _ = try await device.purchase(S.products[0], "0", at: S.pantry) }
        #expect(await device.storage.snapshot() == before)
    }

    @Test("after a product migrates to its barcode id, stock bought under the old id is found by the new one")
    func followsProductMigrations() async throws {
        let device = S.Device("a", remote: InMemoryInventoryRemote())
        try await device.setUpHousehold()
        let loose = try ProductReference("prd_loose-apples")
        device.catalog.migrate(loose, to: loose)
        _ = try await device.purchase(loose, "5", at: S.pantry)
        let barcode = try ProductReference("4006381333931")
        device.catalog.migrate(loose, to: barcode)
        try await device.service.perform(.consume(ConsumeRequest(productID: barcode, amount: 2, unit: S.piece)), in: S.home)
        #expect(try await device.service.state(of: S.home).stock(of: loose).lots.map(\.quantity) == [3])
        _ = try await device.purchase(loose, "1", at: S.pantry)
        #expect(try await device.service.state(of: S.home).stock(of: barcode).lots.map(\.quantity) == [1])
    }

    @Test("a lost ACK and a duplicated delivery leave every entry exactly once in the remote journal")
    func idempotentReplay() async throws {
        let remote = InMemoryInventoryRemote()
        let device = S.Device("a", remote: remote)
        try await device.setUpHousehold()
        await remote.timeOutAfterApplyingNext(1)
        #expect(try await device.service.syncPending().failed == 5)
        await remote.deliverTwiceNext(1)
        device.clock.advance(by: 60)
        #expect(try await device.service.syncPending().pushed == 5)
        #expect(await remote.appendedCount == 5)
        #expect(await remote.entries(of: S.home).count == 5)
    }

    @Test("pending entries survive a restart and a permanent rejection is quarantined without blocking the rest")
    func restartAndQuarantine() async throws {
        let remote = InMemoryInventoryRemote()
        let device = S.Device("a", remote: remote)
        try await device.setUpHousehold()
        await device.restart()
        #expect(try await device.service.pendingCount() == 5)
        let first = try #require(try await device.service.store.pendingOutbox(limit: 1).first)
        await remote.rejectBatches(containing: [first.operationID], reason: "household closed")
        let report = try await device.service.syncPending()
        #expect(report.quarantined == 1 && report.pushed == 4)
        _ = try await device.purchase(S.products[0], "1", at: S.fridge)
        #expect(try await device.service.syncPending().pushed == 1)
    }

    @Test("the inventory store adapter on a StorageProvider passes the conformance suite")
    func storeConformance() async {
        let report = await InventoryStoreConformance { StorageInventoryStore(storage: InMemoryStorageProvider()) }.run()
        #expect(report.failures == [])
        #expect(report.passed == InventoryStoreConformance.checkNames)
    }
}
