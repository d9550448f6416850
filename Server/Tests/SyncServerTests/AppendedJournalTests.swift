import Foundation
import InventoryModule
@testable import SyncServer
import Testing

/// The entries a server instance appended, kept for its replica: only once enabled, only gapless runs, within
/// their capacity, and dropped once folded.
struct AppendedJournalTests {
    private static func entries(_ seqs: ClosedRange<Int64>, of household: SyncServer.HouseholdID)
        -> [(seq: Int64, entry: InventoryJournalEntry)]
    {
        seqs.map { ($0, KitPayloads.journalEntry(of: household, index: Int($0))) }
    }

    @Test func nothingIsKeptUntilAReplicaEnablesIt() {
        let journal = AppendedJournal()
        let household = SyncServer.HouseholdID(UUID())
        journal.record(Self.entries(1...3, of: household), of: household)
        #expect(journal.count == 0)
        #expect(journal.run(of: household, after: 0, through: 3).isEmpty)
        journal.enable()
        journal.record(Self.entries(1...3, of: household), of: household)
        #expect(journal.count == 3)
    }

    @Test func aRunStopsAtTheFirstNumberNotKeptAndAtItsEnd() {
        let journal = AppendedJournal()
        journal.enable()
        let household = SyncServer.HouseholdID(UUID())
        let kept = Self.entries(1...4, of: household) + Self.entries(7...9, of: household)
        journal.record(kept, of: household)
        #expect(journal.run(of: household, after: 0, through: 9).map(\.seq) == [1, 2, 3, 4])
        #expect(journal.run(of: household, after: 1, through: 3).map(\.seq) == [2, 3])
        #expect(journal.run(of: household, after: 4, through: 9).isEmpty)
        #expect(journal.nextKept(of: household, after: 4) == 7)
        #expect(journal.nextKept(of: household, after: 9) == nil)
        #expect(journal.run(of: household, after: 6, through: 9).map(\.entry) == kept.suffix(3).map(\.entry))
        #expect(journal.run(of: SyncServer.HouseholdID(UUID()), after: 0, through: 9).isEmpty)
    }

    @Test func foldedEntriesAndErasedHouseholdsAreDropped() {
        let journal = AppendedJournal()
        journal.enable()
        let (first, second) = (SyncServer.HouseholdID(UUID()), SyncServer.HouseholdID(UUID()))
        journal.record(Self.entries(1...5, of: first), of: first)
        journal.record(Self.entries(1...2, of: second), of: second)
        journal.forget(first, through: 3)
        #expect(journal.count == 4)
        #expect(journal.run(of: first, after: 0, through: 5).isEmpty)
        #expect(journal.run(of: first, after: 3, through: 5).map(\.seq) == [4, 5])
        journal.forget(second)
        #expect(journal.count == 2)
        // Recording a number again replaces it without counting it twice.
        journal.record(Self.entries(5...6, of: first), of: first)
        #expect(journal.count == 3)
    }

    @Test func aFullJournalDropsTheHouseholdsRecordedLeastRecently() {
        let journal = AppendedJournal(capacity: 10)
        journal.enable()
        let households = (0..<3).map { _ in SyncServer.HouseholdID(UUID()) }
        journal.record(Self.entries(1...4, of: households[0]), of: households[0])
        journal.record(Self.entries(1...4, of: households[1]), of: households[1])
        journal.record(Self.entries(5...5, of: households[0]), of: households[0])
        // Four more do not fit: the household recorded least recently (the second) goes.
        journal.record(Self.entries(1...4, of: households[2]), of: households[2])
        #expect(journal.count == 9)
        #expect(journal.run(of: households[1], after: 0, through: 4).isEmpty)
        #expect(journal.run(of: households[0], after: 0, through: 5).count == 5)
        // A batch larger than the whole capacity is not kept at all.
        journal.record(Self.entries(1...11, of: households[1]), of: households[1])
        #expect(journal.count == 9)
    }
}
