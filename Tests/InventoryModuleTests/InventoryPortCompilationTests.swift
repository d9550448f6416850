// Compile-only: adopts every public port of InventoryModule (and the sync ports it uses) with the bare minimum, as
// an app's own adapter would. An API break fails this build. The test at the end only keeps the types referenced.

import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import Testing

/// A journal store holding nothing: the requirements without defaults, and nothing else.
private struct MinimalJournalStore: InventoryJournalStore {
    func entries(of household: HouseholdID) async throws -> [InventoryJournalEntry] { [] }
    func containsEntry(_ id: UUID) async throws -> Bool { false }
    func pendingOutbox(limit: Int) async throws -> [InventoryOutboxEntry] { [] }
    func quarantinedOutbox() async throws -> [InventoryOutboxEntry] { [] }
    func outboxEntry(for entryID: UUID) async throws -> InventoryOutboxEntry? { nil }
    func outboxCount() async throws -> Int { 0 }
    func lastOutboxSequence() async throws -> Int64 { 0 }
    func pullCursor(of household: HouseholdID) async throws -> Int64? { nil }
    func commit(_ transaction: InventoryLocalTransaction) async throws {}
}

/// A remote journal that accepts every entry and has nothing to pull.
private struct MinimalInventoryRemote: InventoryRemoteGateway {
    func push(_ entries: [InventoryJournalEntry]) async throws -> [InventoryPushResult] {
        entries.map { InventoryPushResult(entryID: $0.id, outcome: .applied(sequence: 1)) }
    }
    func changes(of household: HouseholdID, after cursor: Int64?, limit: Int) async throws -> InventoryChangeBatch {
        InventoryChangeBatch(entries: [], cursor: cursor, hasMore: false)
    }
}

/// A catalog that knows no product.
private struct MinimalResolver: ProductReferenceResolver {
    func resolve(_ reference: ProductReference) async throws -> ProductReferenceResolution { .unknown }
}

@Suite("InventoryModule ports compile with minimal adopters")
struct InventoryPortCompilationTests {
    @Test("a service runs on the minimal adopters")
    func minimalAdoptersRun() async throws {
        let home = try HouseholdID("home")
        let service = InventoryModuleService(
            store: MinimalJournalStore(), remote: MinimalInventoryRemote(), products: MinimalResolver(),
            replicaID: ReplicaID("compile"))
        let report = try await service.syncPending(households: [home])
        #expect(report.pushed == 0 && report.pullFailures.isEmpty)
        #expect(try await service.state(of: home) == InventoryState())
    }
}
