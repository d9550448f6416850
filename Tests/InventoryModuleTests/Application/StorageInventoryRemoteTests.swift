import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

@Suite("StorageInventoryRemote: household journals kept in any StorageProvider")
struct StorageInventoryRemoteTests {
    typealias S = ServiceFixtures

    @Test("two devices converge through it, and a replayed push appends nothing")
    func twoDevices() async throws {
        let remote = StorageInventoryRemote(storage: InMemoryStorageProvider())
        let strategy = InventorySyncStrategy(writePolicy: .localThenEnqueue)
        let a = InventoryModuleService(storage: InMemoryStorageProvider(), remote: remote, strategy: strategy, replicaID: ReplicaID("a"))
        let b = InventoryModuleService(storage: InMemoryStorageProvider(), remote: remote, strategy: strategy, replicaID: ReplicaID("b"))
        try await a.perform(.createHousehold(name: "Home"), in: S.home)
        try await a.perform(.defineUnit(UnitDefinition(name: "piece")), in: S.home)
        try await a.perform(.defineLocation(LocationDefinition(name: "Pantry")), in: S.home)
        let bought = try await a.perform(
            .purchase(PurchaseRequest(productID: S.products[0], amount: 3, unit: S.piece, locationID: S.pantry)), in: S.home)
        try await a.syncPending()
        try await b.syncPending(households: [S.home])
        try await b.perform(.consume(ConsumeRequest(productID: S.products[0], amount: 1, unit: S.piece)), in: S.home)
        try await b.syncPending()
        try await a.syncPending()
        #expect(try await a.state(of: S.home) == b.state(of: S.home))
        #expect(try await a.state(of: S.home).stock(of: S.products[0]).lots.map(\.quantity) == [2])
        let replay = try await remote.push(bought.entries)
        #expect(replay.allSatisfy { if case .applied = $0.outcome { true } else { false } })
        #expect(try await remote.changes(of: S.home, after: nil, limit: 100).entries.count == 5)
    }

    @Test("overlapping pushes, some repeating each other's entries, append each entry once under sequences 1...N without a gap")
    func overlappingPushesAppendOnce() async throws {
        let remote = StorageInventoryRemote(storage: InMemoryStorageProvider())
        let entries = (0..<40).map { index in
            InventoryJournalEntry.fixture(
                .createHousehold(name: "Home \(index)"), in: S.home,
                recordedAt: Date(timeIntervalSinceReferenceDate: Double(index)), replica: ReplicaID("d\(index % 4)"))
        }
        // 20 pushes at once: push k sends entries 2k and 2k+1, and again those of push k - 1.
        let answers = try await withThrowingTaskGroup(of: [InventoryPushResult].self) { group in
            for push in 0..<20 {
                let sent = Array(entries[max(0, 2 * push - 2)..<(2 * push + 2)])
                group.addTask { try await remote.push(sent) }
            }
            var answers: [InventoryPushResult] = []
            for try await answer in group { answers += answer }
            return answers
        }
        let stored = try await remote.changes(of: S.home, after: nil, limit: 1_000).entries
        #expect(stored.count == 40 && Set(stored.map(\.id)) == Set(entries.map(\.id)))
        var sequences: [UUID: Set<Int64>] = [:]
        for answer in answers {
            guard case .applied(let sequence) = answer.outcome else {
                Issue.record("\(answer.entryID) was not applied")
                continue
            }
            sequences[answer.entryID, default: []].insert(sequence)
        }
        #expect(sequences.values.allSatisfy { $0.count == 1 }, "every answer for an entry names the one sequence it has")
        #expect(Set(sequences.values.compactMap(\.first)) == Set(1...40))
    }
}
