// Compile-only: adopts every public port of ProductModule (and the sync ports it uses) with the bare minimum, as an
// app's own adapter would. An API break fails this build. The test at the end only keeps the types referenced.

import Foundation
import InventoryKit
import InventorySync
import ProductModule
import Testing

/// A product store answering from nothing: the requirements without defaults, and nothing else.
private struct MinimalProductStore: ProductStore {
    func product(_ id: ProductID) async throws -> Product? { nil }
    func tombstone(_ id: ProductID) async throws -> ProductTombstone? { nil }
    func query(_ query: ProductQuery) async throws -> ProductPage { ProductPage(products: [], nextCursor: nil) }
    func commit(_ transaction: ProductLocalTransaction) async throws {}
    func syncRecord(_ id: ProductID) async throws -> ProductSyncRecord? { nil }
    func pendingEntries(limit: Int) async throws -> [ProductOutboxEntry] { [] }
    func quarantinedEntries() async throws -> [ProductOutboxEntry] { [] }
    func pendingEntry(for id: ProductID) async throws -> ProductOutboxEntry? { nil }
    func outboxCount() async throws -> Int { 0 }
    func lastSequence() async throws -> Int64 { 0 }
    func pullCursor() async throws -> Int64? { nil }
}

/// A gateway with no products, accepting every push.
private struct MinimalProductRemote: ProductRemoteGateway {
    func fetch(_ id: ProductID) async throws -> RemoteProductRecord? { nil }
    func query(_ query: ProductQuery) async throws -> ProductPage { ProductPage(products: [], nextCursor: nil) }
    func push(_ requests: [ProductPushRequest]) async throws -> [ProductPushResult] {
        requests.map { ProductPushResult(operationID: $0.operationID, outcome: .applied(sequence: 1)) }
    }
    func changes(after cursor: Int64?, limit: Int) async throws -> ProductChangeBatch {
        ProductChangeBatch(records: [], cursor: cursor, hasMore: false)
    }
}

/// Reachability that is always on.
private struct MinimalConnectivity: ConnectivityProvider {
    var isOnline: Bool { true }
}

@Suite("ProductModule ports compile with minimal adopters")
struct ProductPortCompilationTests {
    @Test("a service runs on the minimal adopters")
    func minimalAdoptersRun() async throws {
        let service = ProductModuleService(
            store: MinimalProductStore(), remote: MinimalProductRemote(), connectivity: MinimalConnectivity(),
            replicaID: ReplicaID("compile"))
        let report = try await service.syncPending()
        #expect(report.pushed == 0 && report.remaining == 0 && report.wasOnline)
    }
}
