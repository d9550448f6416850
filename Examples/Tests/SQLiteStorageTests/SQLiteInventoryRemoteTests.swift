import Foundation
import InventoryKit
import InventoryModule
import InventoryModuleTesting
import InventorySync
import SQLiteStorage
import Testing

@Suite("StorageInventoryRemote on SQLiteStorage: batched duplicate checks, indexed feeds")
struct SQLiteInventoryRemoteTests {
    private static let home = HouseholdID(rawValue: "home") ?? HouseholdID(UUID())
    private static let cellar = HouseholdID(rawValue: "cellar") ?? HouseholdID(UUID())

    private static func sequences(_ results: [InventoryPushResult]) -> [Int64] {
        results.compactMap { if case .applied(let sequence) = $0.outcome { sequence } else { nil } }
    }

    @Test("a push longer than one lookup batch, replayed with new entries and duplicates inside, appends each entry once")
    func replayedPushesAppendOnce() async throws {
        let remote = StorageInventoryRemote(storage: try SQLiteStorage.inMemory())
        let count = StorageInventoryRemote.lookupBatchSize * 2 + 37
        let first = (0..<count).map { InventoryJournalEntry.fixture(number: $0, in: $0 % 3 == 0 ? Self.cellar : Self.home) }
        #expect(Self.sequences(try await remote.push(first)) == (1...Int64(count)).map { $0 })
        let fresh = (count..<(count + 5)).map { InventoryJournalEntry.fixture(number: $0, in: Self.home) }
        let replay = Array(first.suffix(600)) + fresh + [fresh[0], first[0]]
        let sequences = Self.sequences(try await remote.push(replay))
        let expected = (Int64(count - 599)...Int64(count)).map { $0 } + (Int64(count + 1)...Int64(count + 5)).map { $0 }
            + [Int64(count + 1), 1]
        #expect(sequences == expected)
        #expect(try await remote.push([]).isEmpty)

        var served: [InventoryJournalEntry] = []
        var cursor: Int64?
        while true {
            let batch = try await remote.changes(of: Self.home, after: cursor, limit: 100)
            served += batch.entries
            cursor = batch.cursor
            guard batch.hasMore else { break }
        }
        let homeEntries = (first + fresh).filter { $0.householdID == Self.home }
        #expect(served.map(\.id) == homeEntries.map(\.id))
    }
}
