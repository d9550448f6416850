import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import Testing

private typealias F = SyncFixtures

/// Writes and reads that each ask for a background pass do not queue one pass apiece: a pass that has not started
/// yet covers every write made before it starts.
@Suite("Background passes coalesce")
struct BackgroundPassCoalescingTests {
    @Test("100 overlapping adds under immediate push all sync, with far fewer remote calls than writes")
    func writesShareQueuedPasses() async throws {
        let remote = InMemoryProductRemote()
        let service = ProductModuleService(
            storage: InMemoryStorageProvider(), remote: remote,
            strategy: ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenRemoteImmediate),
            replicaID: ReplicaID("a"))
        let products = try (0..<100).map {
            try Product.fixture(number: 70_000 + $0, barcoded: true, title: "Item \($0)")
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for product in products { group.addTask { try await service.addProducts([product]) } }
            try await group.waitForAll()
        }
        await service.waitForBackgroundWork()
        #expect(try await service.pendingCount() == 0)
        #expect(await remote.products().count == 100)
        // One pass is a push and a pull call; a pass per write would make 200 calls.
        let calls = await remote.callCount
        #expect(calls <= 40, "\(calls) remote calls for 100 writes")
    }

    @Test("50 page reads under a refreshing read policy queue at most a few pulls")
    func readsShareQueuedRefreshes() async throws {
        // The first pull waits until every read has returned, so the reads all ask for a pass while one is queued
        // or running, however the machine schedules them: the count no longer depends on timing.
        let remote = GatedPullRemote()
        let service = ProductModuleService(
            storage: InMemoryStorageProvider(), remote: remote,
            strategy: ProductSyncStrategy(readPolicy: .localThenRemoteAlwaysBackground, writePolicy: .localThenEnqueue),
            replicaID: ReplicaID("a"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<50 { group.addTask { _ = try await service.retrieveProducts(query: ProductQuery()) } }
            try await group.waitForAll()
        }
        await remote.gate.open()
        await service.waitForBackgroundWork()
        let pulls = await remote.pulls
        // The pass that started, and at most one queued behind it for the reads that came after it started.
        #expect(pulls >= 1 && pulls <= 2, "\(pulls) pulls for 50 page reads")
    }
}

/// A gate that holds callers until it opens.
private actor PullGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Returns once the gate is open.
    func pass() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Opens the gate for every waiting and later caller.
    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters.removeAll()
    }
}

/// An in-memory remote whose pulls wait for ``gate`` and are counted.
private final class GatedPullRemote: ProductRemoteGateway, Sendable {
    let base = InMemoryProductRemote()
    let gate = PullGate()
    private let counter = PullCounter()

    var pulls: Int { get async { await counter.value } }

    func fetch(_ id: ProductID) async throws -> RemoteProductRecord? { try await base.fetch(id) }
    func query(_ query: ProductQuery) async throws -> ProductPage { try await base.query(query) }
    func push(_ requests: [ProductPushRequest]) async throws -> [ProductPushResult] { try await base.push(requests) }
    func changes(after cursor: Int64?, limit: Int) async throws -> ProductChangeBatch {
        await counter.increment()
        await gate.pass()
        return try await base.changes(after: cursor, limit: limit)
    }
}

/// A count shared between tasks.
private actor PullCounter {
    private(set) var value = 0
    func increment() { value += 1 }
}
