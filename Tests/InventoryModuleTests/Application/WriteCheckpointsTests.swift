import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

/// `writeCheckpoints` checkpoints a household's state on demand (an app going idle), so the next cold open folds
/// nothing after the newest checkpoint; overlapping commands never make a checkpoint disagree with the journal.
@Suite("Checkpoints written on demand")
struct WriteCheckpointsTests {
    typealias S = ServiceFixtures

    @Test("a household behind its newest checkpoint is checkpointed at its last entry; a second call writes nothing")
    func writesTheStateNowAndOnlyOnce() async throws {
        let device = S.Device("d", remote: InMemoryInventoryRemote())
        try await device.setUpHousehold()
        for index in 0..<20 { _ = try await device.purchase(S.products[index % 3], "1", at: S.pantry) }
        await device.service.waitForBackgroundWork()
        // The standard interval (1 000 entries) is far away: no background checkpoint yet.
        #expect(try await device.service.store.checkpointMarks(of: S.home).isEmpty)

        await device.service.writeCheckpoints()
        let journal = try await device.service.store.entries(of: S.home)
        let marks = try await device.service.store.checkpointMarks(of: S.home)
        #expect(marks.map(\.entryCount) == [journal.count])
        await device.service.writeCheckpoints(households: [S.home])
        #expect(try await device.service.store.checkpointMarks(of: S.home) == marks)

        await device.restart()
        try await CheckpointPropertyTests.expectFullFold(device)
        #expect(try await device.service.state(of: S.home).stock(of: S.products[0]).total == 7)
    }

    @Test("checkpoints written while 40 commands overlap them agree with the full fold of the journal")
    func overlappingCommandsKeepCheckpointsExact() async throws {
        let device = S.Device("d", remote: InMemoryInventoryRemote())
        try await device.setUpHousehold()
        let service = device.service
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    _ = try await service.perform(
                        .purchase(PurchaseRequest(
                            productID: S.products[index % 3], amount: 1, unit: S.piece, locationID: S.pantry)),
                        in: S.home)
                }
                if index % 4 == 0 { group.addTask { await service.writeCheckpoints() } }
            }
            try await group.waitForAll()
        }
        await service.writeCheckpoints()
        let journal = try await service.store.entries(of: S.home)
        #expect(journal.count == 45)
        #expect(try await service.store.checkpointMarks(of: S.home).map(\.entryCount).max() == 45)
        try await CheckpointPropertyTests.expectFullFold(device)
        await device.restart()
        try await CheckpointPropertyTests.expectFullFold(device)
        #expect(try await device.service.state(of: S.home).stock(of: S.products[1]).total == 13)
    }

    @Test("a call that finds a background checkpoint started after its wait waits for it and returns with every earlier entry checkpointed")
    func callWaitsForBackgroundWriteStartedAfterItsWait() async throws {
        // A checkpoint is due after every entry. A command holds the service's gate in its commit while the call
        // waits for background work (none yet) and queues for the gate; the command's commit then starts a
        // background write, which the call finds in flight. It used to return before that write landed.
        let latch = CommitLatch()
        let service = InventoryModuleService(
            store: LatchedJournalStore(base: StorageInventoryStore(storage: InMemoryStorageProvider()), latch: latch),
            products: S.Catalog(S.products), checkpoints: InventoryCheckpointPolicy(interval: 1, newestKept: 3),
            replicaID: ReplicaID("d"), clock: ManualClock(S.t0).clock)
        try await service.perform(.createHousehold(name: "Home"), in: S.home)
        await service.writeCheckpoints()
        let before = try await service.store.checkpointMarks(of: S.home).map(\.entryCount).max()
        #expect(before == 1)

        await latch.arm()
        let command = Task {
            try await service.perform(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")), in: S.home)
        }
        await latch.waitUntilHeld()
        let call = Task { await service.writeCheckpoints(households: [S.home]) }
        // Let the call pass its wait for background work and queue for the gate behind the held command.
        for _ in 0..<50 { await Task.yield() }
        try await Task.sleep(nanoseconds: 20_000_000)
        await latch.release()
        _ = try await command.value
        await call.value

        let newest = try await service.store.checkpointMarks(of: S.home).map(\.entryCount).max()
        #expect(newest == 2, "the call returned before the checkpoint of the command's entry landed")
        await service.waitForBackgroundWork()
        #expect(try await service.state(of: S.home) == InventoryProjector.project(try await service.store.entries(of: S.home)))
    }

    @Test("with checkpoints disabled nothing is written")
    func disabledPolicyWritesNothing() async throws {
        let device = S.Device("d", remote: InMemoryInventoryRemote(), checkpoints: .disabled)
        try await device.setUpHousehold()
        await device.service.writeCheckpoints()
        #expect(try await device.service.store.checkpointMarks(of: S.home).isEmpty)
    }
}

/// Holds one commit of journal entries until released, so a test can order calls around it.
private actor CommitLatch {
    private var armed = false
    private var held: CheckedContinuation<Void, Never>?
    private var holding: [CheckedContinuation<Void, Never>] = []

    /// Makes the next commit of journal entries wait for ``release()``.
    func arm() { armed = true }

    /// Called by the store before a commit of journal entries.
    func pass() async {
        guard armed else { return }
        armed = false
        await withCheckedContinuation { continuation in
            held = continuation
            holding.forEach { $0.resume() }
            holding = []
        }
    }

    /// Returns once a commit is held.
    func waitUntilHeld() async {
        guard held == nil else { return }
        await withCheckedContinuation { holding.append($0) }
    }

    /// Lets the held commit go on.
    func release() {
        held?.resume()
        held = nil
    }
}

/// A journal store whose commits of journal entries pass a ``CommitLatch`` first.
private struct LatchedJournalStore: InventoryJournalStore {
    let base: StorageInventoryStore
    let latch: CommitLatch

    func entries(of household: HouseholdID) async throws -> [InventoryJournalEntry] { try await base.entries(of: household) }
    func entries(of household: HouseholdID, after key: InventoryJournalOrderKey) async throws -> [InventoryJournalEntry] {
        try await base.entries(of: household, after: key)
    }
    func containsEntry(_ id: UUID) async throws -> Bool { try await base.containsEntry(id) }
    func pendingOutbox(limit: Int) async throws -> [InventoryOutboxEntry] { try await base.pendingOutbox(limit: limit) }
    func dueOutbox(at now: Date, limit: Int) async throws -> [InventoryOutboxEntry] {
        try await base.dueOutbox(at: now, limit: limit)
    }
    func quarantinedOutbox() async throws -> [InventoryOutboxEntry] { try await base.quarantinedOutbox() }
    func outboxEntry(for entryID: UUID) async throws -> InventoryOutboxEntry? { try await base.outboxEntry(for: entryID) }
    func outboxCount() async throws -> Int { try await base.outboxCount() }
    func lastOutboxSequence() async throws -> Int64 { try await base.lastOutboxSequence() }
    func pullCursor(of household: HouseholdID) async throws -> Int64? { try await base.pullCursor(of: household) }
    func checkpointMarks(of household: HouseholdID) async throws -> [InventoryCheckpointMark] {
        try await base.checkpointMarks(of: household)
    }
    func checkpoint(_ mark: InventoryCheckpointMark) async throws -> InventoryCheckpoint? { try await base.checkpoint(mark) }
    func commit(_ transaction: InventoryLocalTransaction) async throws {
        if !transaction.entries.isEmpty { await latch.pass() }
        try await base.commit(transaction)
    }
}
