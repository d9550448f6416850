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
        let products = try (0..<100).map { try F.product(barcode: F.ean13(70_000 + $0), title: "Item \($0)") }
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
        let remote = InMemoryProductRemote()
        let service = ProductModuleService(
            storage: InMemoryStorageProvider(), remote: remote,
            strategy: ProductSyncStrategy(readPolicy: .localThenRemoteAlwaysBackground, writePolicy: .localThenEnqueue),
            replicaID: ReplicaID("a"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<50 { group.addTask { _ = try await service.retrieveProducts(query: ProductQuery()) } }
            try await group.waitForAll()
        }
        await service.waitForBackgroundWork()
        let calls = await remote.callCount
        #expect(calls >= 1 && calls <= 10, "\(calls) pulls for 50 page reads")
    }
}
