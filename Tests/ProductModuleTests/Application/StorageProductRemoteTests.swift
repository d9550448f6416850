import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import Testing

@Suite("StorageProductRemote: a remote kept in any StorageProvider")
struct StorageProductRemoteTests {
    typealias F = SyncFixtures

    @Test("queries exactly like the reference evaluator")
    func queryParity() async {
        let report = await ProductQueryConformance(productCount: 150, queryCount: 20).run(remote: {
            StorageProductRemote(storage: InMemoryStorageProvider())
        })
        #expect(report.failures == [])
    }

    @Test("a replayed operation applies once, and a change on a stale base is a conflict")
    func replayAndConflict() async throws {
        let remote = StorageProductRemote(storage: InMemoryStorageProvider())
        let product = try Product.fixture(number: 300, barcoded: true, title: "Cocoa")
        let request = ProductPushRequest(operationID: UUID(), change: .fixture(creating: product, replica: "a"))
        let stamp = request.change.stamp
        let first = try await remote.push([request])
        let again = try await remote.push([request])
        #expect(first == again)
        #expect(try await remote.changes(after: nil, limit: 10).records.count == 1)
        var stale = request
        stale.operationID = UUID()
        stale.change.stamp = .fixture(version: 2, replica: "b")
        guard case .conflict(let current)? = try await remote.push([stale]).first?.outcome else {
            Issue.record("a change on a stale base was applied")
            return
        }
        #expect(current.stamp == stamp)
    }

    @Test("two devices converge through a remote kept in a StorageProvider")
    func twoDevices() async throws {
        let remote = StorageProductRemote(storage: InMemoryStorageProvider())
        let strategy = ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenEnqueue)
        let a = ProductModuleService(storage: InMemoryStorageProvider(), remote: remote, strategy: strategy, replicaID: ReplicaID("a"))
        let b = ProductModuleService(storage: InMemoryStorageProvider(), remote: remote, strategy: strategy, replicaID: ReplicaID("b"))
        try await a.addProducts([try Product.fixture(number: 301, barcoded: true, title: "Tea")])
        try await b.addProducts([try Product.fixture(title: "Bread")])
        try await a.syncPending()
        try await b.syncPending()
        try await a.syncPending()
        let query = ProductQuery(sort: .title())
        let fromA = try await a.retrieveProducts(query: query).products
        let fromB = try await b.retrieveProducts(query: query).products
        #expect(fromA.compactMap(\.title) == ["Bread", "Tea"])
        #expect(fromA == fromB)
    }
}
