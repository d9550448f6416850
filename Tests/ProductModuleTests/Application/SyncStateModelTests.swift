import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import Testing

@Suite("Sync state model (seed section 8), retries, replay and tombstones")
struct SyncStateModelTests {
    typealias F = SyncFixtures

    @Test("a permanent rejection quarantines one change without blocking the others")
    func quarantine() async throws {
        let remote = InMemoryProductRemote()
        let device = F.Device("a", remote: remote)
        let first = try Product.fixture(number: 100, barcoded: true, title: "First")
        try await device.service.addProducts([first])
        await remote.failNextCalls(1, with: .permanent("forbidden"))
        let report = try await device.service.syncPending()
        #expect(report.quarantined == 1)
        guard case .failed(_, let error, nil) = try await device.service.syncStatus(of: first.productID) else {
            Issue.record("expected a quarantined status")
            return
        }
        #expect(error.contains("forbidden"))
        let second = try Product.fixture(number: 101, barcoded: true, title: "Second")
        try await device.service.addProducts([second])
        #expect(try await device.service.syncPending().pushed == 1)
        #expect(try await device.service.syncStatus(of: second.productID) == .synced)
        #expect(try await device.service.quarantinedChanges().map(\.entry.entityID) == [first.productID.rawValue])
        #expect(try await device.service.requeueQuarantined() == 1)
        #expect(try await device.service.syncPending().pushed == 1)
        #expect(try await device.service.pendingCount() == 0)
    }

    @Test("retries fire without a new local write, with delays inside the backoff bounds")
    func retryLoop() async throws {
        let remote = InMemoryProductRemote()
        let policy = RetryPolicy(baseDelay: 2, maxDelay: 16, maxAttempts: 10)
        let device = F.Device(
            "a", remote: remote,
            strategy: ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenEnqueue, retryPolicy: policy))
        let salt = try Product.fixture(number: 110, barcoded: true, title: "Salt")
        try await device.service.addProducts([salt])
        await remote.failNextCalls(4)
        let clock = device.clock
        let sleeps = SleepLog()
        try await device.service.runRetryLoop { seconds in
            sleeps.append(seconds)
            clock.advance(by: seconds)
        }
        #expect(try await device.service.syncStatus(of: salt.productID) == .synced)
        #expect(sleeps.values.count == 4)
        for (attempt, delay) in sleeps.values.enumerated() {
            #expect(delay >= 0 && delay <= policy.ceiling(forRetry: attempt))
        }
    }

    @Test("a push applied remotely whose ACK was lost replays idempotently")
    func lostAcknowledgement() async throws {
        let remote = InMemoryProductRemote()
        let device = F.Device("a", remote: remote)
        let oil = try Product.fixture(number: 120, barcoded: true, title: "Oil")
        try await device.service.addProducts([oil])
        await remote.timeOutAfterApplyingNext(1)
        #expect(try await device.service.syncPending().failed == 1)
        #expect(await remote.appliedCount == 1)
        device.clock.advance(by: 10)
        #expect(try await device.service.syncPending().pushed == 1)
        #expect(await remote.appliedCount == 1)
        #expect(try await device.service.syncStatus(of: oil.productID) == .synced)
    }

    @Test("a push delivered twice is applied once")
    func duplicateDelivery() async throws {
        let remote = InMemoryProductRemote()
        let device = F.Device("a", remote: remote)
        try await device.service.addProducts([try Product.fixture(number: 121, barcoded: true, title: "Flour")])
        await remote.deliverTwiceNext(1)
        #expect(try await device.service.syncPending().pushed == 1)
        #expect(await remote.appliedCount == 1)
    }

    @Test("pending changes survive a restart and are pushed by the new process")
    func restartRecovery() async throws {
        let remote = InMemoryProductRemote()
        let device = F.Device("a", remote: remote)
        let items = try (130..<135).map { try Product.fixture(number: $0, barcoded: true, title: "Item \($0)") }
        try await device.service.addProducts(items)
        await device.restart()
        #expect(try await device.service.pendingCount() == 5)
        #expect(try await device.service.syncPending().pushed == 5)
        #expect(await remote.products().count == 5)
    }

    @Test("a delete is a tombstone that syncs, and a later re-create of the same id is not swallowed by it")
    func tombstones() async throws {
        let remote = InMemoryProductRemote()
        let a = F.Device("a", remote: remote)
        let b = F.Device("b", remote: remote)
        let firstJam = try Product.fixture(number: 140, barcoded: true, title: "Jam")
        let jam = try await a.service.addProducts([firstJam]).added[0]
        try await a.service.syncPending()
        try await b.service.syncPending()
        a.clock.advance(by: 5)
        try await a.service.deleteProducts([jam.productID])
        #expect(try await a.service.syncStatus(of: jam.productID) == .pendingDelete)
        try await a.service.syncPending()
        try await b.service.syncPending()
        #expect(try await b.service.retrieveProduct(by: .productID(jam.productID)) == nil)
        #expect(try await a.service.syncStatus(of: jam.productID) == .synced)
        b.clock.advance(by: 10)
        let newJam = try Product.fixture(number: 140, barcoded: true, title: "Jam (new)")
        let again = try await b.service.addProducts([newJam]).added[0]
        #expect(again.version == jam.version + 2)
        try await b.service.syncPending()
        try await a.service.syncPending()
        #expect(try await a.service.retrieveProduct(by: .productID(jam.productID))?.title == "Jam (new)")
        await #expect(throws: ProductModuleError.notFound(try ProductID("prd_missing"))) {
            try await a.service.deleteProducts([try ProductID("prd_missing")])
        }
    }

    @Test("the event stream reports pending counts, pushes, failures and completion")
    func events() async throws {
        let remote = InMemoryProductRemote()
        let device = F.Device("a", remote: remote)
        let stream = await device.service.events()
        try await device.service.addProducts([try Product.fixture(number: 150, barcoded: true, title: "Honey")])
        await remote.failNextCalls(1)
        try await device.service.syncPending()
        device.clock.advance(by: 5)
        try await device.service.syncPending()
        var seen: [ProductSyncEvent] = []
        for await event in stream {
            seen.append(event)
            if case .completed(let report) = event, report.pushed == 1 { break }
        }
        #expect(seen.first == .pendingCount(1))
        let failure = seen.compactMap { if case .failed(let failure) = $0 { failure } else { nil } }.first
        let honey = try ProductID(GTIN.fixtureEAN13(150))
        #expect(failure?.operation.entityID == honey)
        #expect(failure?.category == .transient && failure?.attempts == 1 && failure?.nextRetryAt != nil)
        let pushed = seen.compactMap { if case .pushed(let operations) = $0 { operations } else { nil } }
        #expect(pushed.map { $0.map(\.entityID) } == [[honey]])
    }
}

/// Collects the delays a retry loop asked to sleep.
final class SleepLog: @unchecked Sendable {
    // @unchecked: `storage` is only touched under `lock`.
    private let lock = NSLock()
    private var storage: [TimeInterval] = []
    var values: [TimeInterval] { lock.withLock { storage } }
    func append(_ value: TimeInterval) { lock.withLock { storage.append(value) } }
}
