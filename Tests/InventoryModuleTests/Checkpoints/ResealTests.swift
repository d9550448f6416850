import Foundation
import InventoryKit
import InventoryKitTesting
@testable import InventoryModule
import Testing

/// After a checkpoint is written, the cached state swaps the history the checkpoint covers for its sealed bytes and
/// keeps in memory only what was folded since: the state stays equal to the full fold, the next checkpoint copies
/// the sealed bytes, and a state that is not a continuation of the written one is left alone.
@Suite("Resealing: a state trades its written history for the checkpoint's bytes, unchanged")
struct ResealTests {
    static func sealed(_ state: InventoryState) throws -> SealedHistory {
        let checkpoint = try #require(try InventoryCheckpoint(state: state, of: F.home))
        return try #require(InventoryCheckpointFormat.sealedHistory(of: checkpoint.stateData))
    }

    @Test("checkpointing and resealing after every entry keeps the fold equal to the full fold, every prefix")
    func resealingAfterEveryEntryKeepsTheFold() throws {
        let journal = InventoryJournalEntry.ordered(try ProjectionConvergenceTests.busyJournal())
        for start in 1..<journal.count {
            var state = InventoryProjector.project(journal[..<start])
            var written = state
            var sealed = try Self.sealed(written)
            for (index, entry) in journal[start...].enumerated() {
                if state.apply(entry) == .requiresReprojection { state = InventoryProjector.project(journal) }
                if index % 2 == 0 {
                    state = state.resealed(by: sealed, after: written)
                    written = state
                    sealed = try Self.sealed(written)
                }
            }
            let full = InventoryProjector.project(journal)
            #expect(state == full, "start \(start)")
            #expect(state.consumptionHistory == full.consumptionHistory, "start \(start)")
            #expect(state.transactions == full.transactions, "start \(start)")
            let reopened = try #require(try InventoryCheckpoint(state: state, of: F.home)).state()
            #expect(reopened == full, "start \(start)")
        }
    }

    @Test("a resealed state keeps only what was folded after the written one in memory")
    func resealedStateKeepsOnlyTheSuffix() throws {
        let journal = InventoryJournalEntry.ordered(try ProjectionConvergenceTests.busyJournal())
        let split = journal.count / 2
        var state = InventoryProjector.project(journal[..<split])
        let written = state
        for entry in journal[split...] { state.apply(entry) }
        let sealed = try Self.sealed(written)
        let resealed = state.resealed(by: sealed, after: written)
        #expect(resealed == state)
        #expect(resealed.entryLog.sealed === sealed)
        #expect(resealed.entryLog.added.count == state.entryLog.count - written.entryLog.count)
        #expect(resealed.consumption.sealed === sealed)
        #expect(resealed.consumption.added.count == state.consumption.count - written.consumption.count)
        #expect(resealed.effects.sealed === sealed && resealed.effects.added.count <= state.effects.touched.count - written.effects.touched.count + 1)
    }

    @Test("a state rebuilt after the write (another line of history) is not resealed")
    func anotherLineIsLeftAlone() throws {
        let journal = InventoryJournalEntry.ordered(try ProjectionConvergenceTests.busyJournal())
        let written = InventoryProjector.project(journal.dropLast())
        let rebuilt = InventoryProjector.project(journal)
        let resealed = rebuilt.resealed(by: try Self.sealed(written), after: written)
        #expect(resealed == rebuilt)
        #expect(resealed.entryLog.sealed == nil && resealed.effects.sealed == nil && resealed.consumption.sealed == nil)
    }
}
