import Foundation
import InventoryModule
@testable import SyncServer
import Testing

/// The rows pushes recorded serve a fold only when they cover its whole range; gaps, folded rows and old
/// households send it to the database.
struct PushedJournalTests {
    private let household = SyncServer.HouseholdID(UUID())
    private let entries: [InventoryJournalEntry]

    init() {
        let household = household
        entries = (0...4).map { KitPayloads.journalEntry(of: household, index: $0) }
    }

    private func entry(_ index: Int) -> InventoryJournalEntry {
        entries[index]
    }

    @Test func aCoveredRangeIsServedInSeqOrderWithOtherKindsSkipped() {
        let journal = PushedJournal()
        // Two pushes committed in one order and recorded in the other.
        journal.record([(3, .journal(entry(3))), (4, .other)], of: household)
        journal.record([(1, .journal(entry(1))), (2, .journal(entry(2)))], of: household)
        #expect(journal.entries(of: household, after: 0, through: 4)?.map(\.seq) == [1, 2, 3])
        #expect(journal.entries(of: household, after: 0, through: 4)?.map(\.entry) == [entry(1), entry(2), entry(3)])
        #expect(journal.entries(of: household, after: 2, through: 4)?.map(\.seq) == [3])
        #expect(journal.entries(of: household, after: 4, through: 4)?.isEmpty == true)
    }

    @Test func aGapOrAnUnknownHouseholdIsNotServed() {
        let journal = PushedJournal()
        journal.record([(1, .journal(entry(1))), (3, .journal(entry(3)))], of: household)
        #expect(journal.entries(of: household, after: 0, through: 3) == nil)
        #expect(journal.entries(of: household, after: 2, through: 3)?.map(\.seq) == [3])
        #expect(journal.entries(of: household, after: 0, through: 4) == nil)
        #expect(journal.entries(of: SyncServer.HouseholdID(UUID()), after: 0, through: 1) == nil)
    }

    @Test func foldedRowsAreForgottenAndTheHouseholdsKeptAreBounded() {
        let journal = PushedJournal()
        journal.record((1...4).map { (Int64($0), .journal(entry($0))) }, of: household)
        journal.forget(household, through: 2)
        #expect(journal.entries(of: household, after: 0, through: 4) == nil)
        #expect(journal.entries(of: household, after: 2, through: 4)?.map(\.seq) == [3, 4])
        journal.forget(household, through: 4)
        #expect(journal.entries(of: household, after: 2, through: 4) == nil)

        journal.record([(1, .journal(entry(1)))], of: household)
        for _ in 0..<PushedJournal.maximumHouseholds {
            journal.record([(1, .other)], of: SyncServer.HouseholdID(UUID()))
        }
        #expect(journal.entries(of: household, after: 0, through: 1) == nil, "the least recently pushed to went first")
    }

    @Test func aHouseholdPastItsBoundStartsAgainFromItsNewestPush() {
        let journal = PushedJournal()
        let many = PushedJournal.maximumRows
        journal.record((1...Int64(many)).map { ($0, .other) }, of: household)
        #expect(journal.entries(of: household, after: 0, through: Int64(many))?.isEmpty == true)
        journal.record([(Int64(many) + 1, .journal(entry(1)))], of: household)
        #expect(journal.entries(of: household, after: 0, through: Int64(many) + 1) == nil)
        #expect(journal.entries(of: household, after: Int64(many), through: Int64(many) + 1)?.map(\.seq) == [Int64(many) + 1])
    }
}
