import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

private typealias S = ServiceFixtures

/// Overlapping calls on one service behave as if run one at a time: actors are re-entrant at every `await`, so
/// each of these fired many calls at once on the code before the serial gate and broke.
@Suite("Inventory commands under concurrent calls")
struct ConcurrentInventoryCommandTests {
    /// A service on a store that takes a moment for each read and commit, as a disk does.
    private static func slowService(_ name: String, remote: InMemoryInventoryRemote? = nil) -> InventoryModuleService {
        InventoryModuleService(
            store: SlowJournalStore(base: StorageInventoryStore(storage: InMemoryStorageProvider())), remote: remote,
            products: S.Catalog(S.products),
            strategy: InventorySyncStrategy(writePolicy: .localThenEnqueue), replicaID: ReplicaID(name),
            clock: ManualClock(S.t0).clock)
    }

    /// Creates the household with a unit and the pantry.
    private static func setUp(_ service: InventoryModuleService) async throws {
        try await service.perform(.createHousehold(name: "Home"), in: S.home)
        try await service.perform(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")), in: S.home)
        try await service.perform(.defineLocation(LocationDefinition(name: "Pantry")), in: S.home)
        try await service.perform(.defineLocation(LocationDefinition(name: "Fridge")), in: S.home)
    }

    @Test("200 overlapping purchases with one idempotency key book exactly once")
    func oneKeyBooksOnce() async throws {
        let service = Self.slowService("a")
        try await Self.setUp(service)
        let key = try IdempotencyKey("tap-1")
        let request = PurchaseRequest(productID: S.products[0], amount: 1, unit: S.piece, locationID: S.pantry)
        let results = try await withThrowingTaskGroup(of: InventoryTransactionResult.self) { group in
            for _ in 0..<200 {
                group.addTask { try await service.perform(.purchase(request), in: S.home, idempotencyKey: key) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.filter { !$0.isReplay }.count == 1)
        #expect(Set(results.compactMap(\.transactionID)).count == 1)
        let state = try await service.state(of: S.home)
        #expect(state.stock(of: S.products[0]).total == 1)
        let journal = try await service.store.entries(of: S.home)
        #expect(journal.filter { $0.idempotencyKey == key }.count == 1)
        #expect(InventoryProjector.project(journal) == state)
    }

    @Test("1,000 overlapping commands get unique outbox sequences")
    func uniqueSequences() async throws {
        // The household exists already, booked by an earlier run of the app on the same store: the new service's
        // first overlapping calls all need the stored last sequence.
        let storage = InMemoryStorageProvider()
        let earlier = InventoryModuleService(storage: storage, replicaID: ReplicaID("a"), clock: ManualClock(S.t0).clock)
        try await earlier.perform(.createHousehold(name: "Home"), in: S.home)
        let service = InventoryModuleService(
            store: SlowJournalStore(base: StorageInventoryStore(storage: storage)),
            strategy: InventorySyncStrategy(writePolicy: .localThenEnqueue), replicaID: ReplicaID("a"),
            clock: ManualClock(S.t0).clock)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<999 {
                group.addTask {
                    try await service.perform(
                        .defineUnit(UnitDefinition(name: "unit \(index)", pluralName: "units \(index)")), in: S.home)
                }
            }
            try await group.waitForAll()
        }
        let outbox = try await service.store.pendingOutbox(limit: RecordQuery.maximumLimit)
        #expect(outbox.count == 1_000)
        #expect(Set(outbox.map(\.sequence)).count == 1_000)
        #expect(try await service.state(of: S.home).units.count == 999)
    }

    @Test("commands interleaved with sync passes end in the state the stored journal projects to")
    func commandsAndSyncInterleave() async throws {
        let remote = InMemoryInventoryRemote()
        let service = Self.slowService("a", remote: remote)
        let otherService = Self.slowService("b", remote: remote)
        try await Self.setUp(service)
        try await service.syncPending(households: [S.home])
        try await otherService.syncPending(households: [S.home])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<60 {
                group.addTask {
                    let product = S.products[index % 3]
                    try await service.perform(
                        .purchase(PurchaseRequest(productID: product, amount: 2, unit: S.piece, locationID: S.pantry)),
                        in: S.home)
                    _ = try? await service.perform(
                        .consume(ConsumeRequest(productID: product, amount: 1, unit: S.piece)), in: S.home)
                }
                if index % 6 == 0 {
                    group.addTask { try await service.syncPending(households: [S.home]) }
                    group.addTask {
                        try await otherService.perform(
                            .purchase(PurchaseRequest(productID: S.products[0], amount: 1, unit: S.piece, locationID: S.fridge)),
                            in: S.home)
                        try await otherService.syncPending(households: [S.home])
                    }
                }
            }
            try await group.waitForAll()
        }
        // At rest, the cached projection is the projection of what is stored: no call's entries were dropped.
        #expect(try await service.state(of: S.home) == InventoryProjector.project(try await service.store.entries(of: S.home)))
        #expect(
            try await otherService.state(of: S.home)
                == InventoryProjector.project(try await otherService.store.entries(of: S.home)))
        try await service.syncPending(households: [S.home])
        try await otherService.syncPending(households: [S.home])
        try await service.syncPending(households: [S.home])
        let state = try await service.state(of: S.home)
        let journal = try await service.store.entries(of: S.home)
        #expect(InventoryProjector.project(journal) == state)
        #expect(try await service.pendingCount() == 0)
        #expect(try await otherService.state(of: S.home) == state)
        #expect(Set(await remote.entries(of: S.home).map(\.id)) == Set(journal.map(\.id)))
    }
}

/// A journal store that pauses briefly in every read and commit of the command path, as a store on disk does:
/// overlapping calls then really interleave at those suspension points.
private struct SlowJournalStore: InventoryJournalStore {
    let base: StorageInventoryStore

    private func pause() async { try? await Task.sleep(nanoseconds: 200_000) }

    func entries(of household: HouseholdID) async throws -> [InventoryJournalEntry] {
        await pause()
        return try await base.entries(of: household)
    }
    func containsEntry(_ id: UUID) async throws -> Bool { try await base.containsEntry(id) }
    func pendingOutbox(limit: Int) async throws -> [InventoryOutboxEntry] { try await base.pendingOutbox(limit: limit) }
    func dueOutbox(at now: Date, limit: Int) async throws -> [InventoryOutboxEntry] {
        try await base.dueOutbox(at: now, limit: limit)
    }

    func dueOutbox(at now: Date, limit: Int, households: Set<HouseholdID>) async throws -> [InventoryOutboxEntry] {
        try await base.dueOutbox(at: now, limit: limit, households: households)
    }
    func quarantinedOutbox() async throws -> [InventoryOutboxEntry] { try await base.quarantinedOutbox() }
    func outboxEntry(for entryID: UUID) async throws -> InventoryOutboxEntry? { try await base.outboxEntry(for: entryID) }
    func outboxCount() async throws -> Int { try await base.outboxCount() }
    func lastOutboxSequence() async throws -> Int64 {
        await pause()
        return try await base.lastOutboxSequence()
    }
    func pullCursor(of household: HouseholdID) async throws -> Int64? { try await base.pullCursor(of: household) }
    func commit(_ transaction: InventoryLocalTransaction) async throws {
        await pause()
        try await base.commit(transaction)
    }
}
