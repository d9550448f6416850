import Foundation
import InventoryKit
import InventoryKitTesting
@testable import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

/// A long pull checkpoints as it goes (`InventoryCheckpointKeeper.sealDuringPull`): between two pages the device's
/// state holds at most `pullSealInterval` entries of history as values, the rest sealed in the newest checkpoint's
/// bytes, and the pulled state is still the full fold of the journal.
@Suite("Pull seals: a long pull folds page by page without holding its whole history")
struct PullSealTests {
    typealias S = ServiceFixtures

    @Test("between two pages of a long pull the state holds at most one seal interval of unsealed history")
    func pullKeepsUnsealedHistoryBounded() async throws {
        let remote = InMemoryInventoryRemote()
        let writer = S.Device("w", remote: remote)
        try await writer.setUpHousehold()
        for index in 0..<100 { _ = try await writer.purchase(S.products[index % 3], "1", at: S.pantry) }
        try await writer.service.syncPending()

        let observing = UnsealedHistoryProbe(remote)
        let reader = InventoryModuleService(
            storage: InMemoryStorageProvider(), remote: observing,
            strategy: InventorySyncStrategy(writePolicy: .localThenEnqueue, pullBatchSize: 5, pullCommitSize: 5),
            checkpoints: InventoryCheckpointPolicy(interval: 2), replicaID: ReplicaID("r"), clock: .constant(S.t0))
        observing.watch(reader)
        let report = try await reader.syncPending(households: [S.home])
        await reader.waitForBackgroundWork()

        let journal = try await reader.store.entries(of: S.home)
        #expect(report.pulled == journal.count && journal.count > 100)
        let unsealed = observing.unsealedCounts
        #expect(unsealed.count > 20)
        // Seals every 2 × 20 entries; a commit adds 5, and a commit that reaches the interval is sealed at once.
        #expect((unsealed.max() ?? .max) < 40)
        #expect(try await reader.state(of: S.home) == InventoryProjector.project(journal))
    }

    @Test("an undo pulled after a seal that reaches back into sealed history folds as the full journal does")
    func undoAcrossASealFoldsExactly() async throws {
        let remote = InMemoryInventoryRemote()
        let writer = S.Device("w", remote: remote)
        try await writer.setUpHousehold()
        let first = try await writer.purchase(S.products[0], "3", at: S.pantry)
        for index in 0..<40 { _ = try await writer.purchase(S.products[1 + index % 2], "1", at: S.fridge) }
        let undone = try #require(first.transactionID)
        try await writer.service.perform(.undo(undone), in: S.home)
        try await writer.service.syncPending()

        let strategy = InventorySyncStrategy(writePolicy: .localThenEnqueue, pullBatchSize: 5, pullCommitSize: 5)
        let reader = S.Device("r", remote: remote, strategy: strategy, checkpoints: InventoryCheckpointPolicy(interval: 1))
        let report = try await reader.service.syncPending(households: [S.home])
        await reader.service.waitForBackgroundWork()

        let journal = try await reader.service.store.entries(of: S.home)
        #expect(report.pulled == journal.count)
        let state = try await reader.service.state(of: S.home)
        #expect(state == InventoryProjector.project(journal))
        #expect(state.undoneTransactions.contains(undone))
        #expect((state.stock(of: S.products[0]).total ?? 0) == 0)
        await reader.restart()
        #expect(try await reader.service.state(of: S.home) == InventoryProjector.project(journal))
    }
}

/// A remote that, before serving each page, reads how many entries of the reading service's state are not sealed
/// in a checkpoint (the reads run between two pages, outside the service's gate).
private final class UnsealedHistoryProbe: InventoryRemoteGateway, @unchecked Sendable {
    // @unchecked: `service` and `counts` are only touched under `lock`.
    private let lock = NSLock()
    private let remote: InMemoryInventoryRemote
    private var service: InventoryModuleService?
    private var counts: [Int] = []

    init(_ remote: InMemoryInventoryRemote) {
        self.remote = remote
    }

    /// Starts reading this service's state before each page.
    func watch(_ service: InventoryModuleService) {
        lock.withLock { self.service = service }
    }

    /// The unsealed entry counts seen, one per page served.
    var unsealedCounts: [Int] {
        lock.withLock { counts }
    }

    func push(_ entries: [InventoryJournalEntry]) async throws -> [InventoryPushResult] {
        try await remote.push(entries)
    }

    func changes(of household: HouseholdID, after cursor: Int64?, limit: Int) async throws -> InventoryChangeBatch {
        if let service = lock.withLock({ service }) {
            let log = try await service.state(of: household).entryLog
            let unsealed = log.count - (log.sealed?.idCount ?? 0)
            lock.withLock { counts.append(unsealed) }
        }
        return try await remote.changes(of: household, after: cursor, limit: limit)
    }
}
