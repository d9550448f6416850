import Foundation
import GRDB
import InventoryKit
import InventoryModule
import InventorySync
import SQLiteStorage
import Testing

@Suite("Inventory checkpoints on SQLite")
struct SQLiteInventoryCheckpointTests {
    typealias S = SQLiteTestSupport

    static let home = HouseholdID(rawValue: "home") ?? HouseholdID(UUID())
    static let milk = ProductReference(rawValue: "milk") ?? ProductReference(UUID())

    /// A household with `purchases` purchases of milk, booked on a service that checkpoints every 5 entries.
    static func bookedStore(purchases: Int) async throws -> (path: String, journal: [InventoryJournalEntry]) {
        let path = S.temporaryDatabasePath()
        let storage = try SQLiteStorage(path: path)
        let service = InventoryModuleService(
            store: SQLiteInventoryStore(storage: storage), checkpoints: InventoryCheckpointPolicy(interval: 5),
            replicaID: ReplicaID("a"))
        try await service.perform(.createHousehold(name: "Home"), in: home)
        try await service.perform(.defineUnit(UnitDefinition(name: "piece")), in: home)
        try await service.perform(.defineLocation(LocationDefinition(name: "Pantry")), in: home)
        for _ in 0..<purchases {
            try await service.perform(
                .purchase(PurchaseRequest(
                    productID: milk, amount: 1, unit: .derived(name: "piece"), locationID: .derived(household: home, name: "Pantry"))),
                in: home)
        }
        await service.waitForBackgroundWork()
        let journal = try await SQLiteInventoryStore(storage: storage).entries(of: home)
        try storage.close()
        return (path, journal)
    }

    @Test("a reopened service starts from the newest checkpoint: entries it covers are not read again")
    func reopenUsesTheNewestCheckpoint() async throws {
        let (path, journal) = try await Self.bookedStore(purchases: 40)
        let marks = try await SQLiteInventoryStore(storage: try SQLiteStorage(path: path)).checkpointMarks(of: Self.home)
        let newest = try #require(marks.max { $0.orderKey < $1.orderKey })
        #expect(newest.entryCount >= 35 && marks.count <= 3 + 4)
        // Remove the journal rows the newest checkpoint covers: a state folded from the journal would lose
        // them; one opened from the checkpoint still has every purchase.
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(
                sql: "DELETE FROM inventory_journal WHERE recorded_at < ?",
                arguments: [newest.orderKey.recordedAt.timeIntervalSinceReferenceDate])
        }
        try queue.close()
        let store = SQLiteInventoryStore(storage: try SQLiteStorage(path: path))
        let service = InventoryModuleService(store: store, replicaID: ReplicaID("a"))
        let state = try await service.state(of: Self.home)
        #expect(state == InventoryProjector.project(journal))
        #expect(state.stock(of: Self.milk).total == 40)
    }

    @Test("an entry sorting before a checkpoint drops it in the same commit, and the state stays the full fold")
    func lateEntryDropsStaleCheckpoints() async throws {
        let (path, journal) = try await Self.bookedStore(purchases: 20)
        let storage = try SQLiteStorage(path: path)
        let store = SQLiteInventoryStore(storage: storage)
        let before = try await store.checkpointMarks(of: Self.home)
        #expect(!before.isEmpty)
        // An entry from another device, recorded before every purchase, arrives by a pull.
        let purchase = try #require(journal.first { $0.operation.kind == .purchase })
        var late = purchase
        late.id = UUID()
        late.transactionID = TransactionID(UUID())
        late.replicaID = ReplicaID("b")
        late.recordedAt = purchase.recordedAt.addingTimeInterval(-0.0005)
        if case .purchase(var payload) = late.operation {
            payload.lotID = LotID(UUID())
            late.operation = .purchase(payload)
        }
        let remote = OneEntryRemote(entry: late)
        let puller = InventoryModuleService(store: store, remote: remote, replicaID: ReplicaID("a"))
        _ = try await puller.state(of: Self.home)
        try await puller.syncPending(households: [Self.home])
        let after = try await store.checkpointMarks(of: Self.home)
        #expect(after.allSatisfy { $0.orderKey < late.orderKey })
        let state = try await puller.state(of: Self.home)
        #expect(state == InventoryProjector.project(journal + [late]))
        #expect(state.stock(of: Self.milk).total == 21)
    }
}

/// A remote whose journal holds one entry.
private struct OneEntryRemote: InventoryRemoteGateway {
    let entry: InventoryJournalEntry

    func push(_ entries: [InventoryJournalEntry]) async throws -> [InventoryPushResult] {
        entries.map { InventoryPushResult(entryID: $0.id, outcome: .applied(sequence: 1)) }
    }

    func changes(of household: HouseholdID, after cursor: Int64?, limit: Int) async throws -> InventoryChangeBatch {
        cursor == nil ? InventoryChangeBatch(entries: [entry], cursor: 1, hasMore: false) : InventoryChangeBatch(entries: [], cursor: cursor, hasMore: false)
    }
}
