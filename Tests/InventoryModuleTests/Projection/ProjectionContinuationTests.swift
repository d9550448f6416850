import Foundation
import InventoryKitTesting
import InventoryModule
import Testing

@Suite("Projection continued from a checkpoint state")
struct ProjectionContinuationTests {
    @Test("continuing the fold of any prefix with the rest equals the full fold, or declines", arguments: 0..<50)
    func continuationEqualsFullFold(seed: Int) throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 5)
        let journal = InventoryJournalEntry.ordered(try ProjectionConvergenceTests.busyJournal())
        let full = InventoryProjector.project(journal)
        var continued = 0
        for split in 0...journal.count {
            let prefix = Array(journal[..<split])
            let tail = Array(journal[split...]).shuffled(using: &random)
            guard let state = InventoryProjector.project(tail, continuing: InventoryProjector.project(prefix)) else { continue }
            #expect(state == full, "split at \(split)")
            continued += 1
        }
        // Only splits that an undo reaches back across decline.
        #expect(continued > journal.count / 2)
    }

    @Test("a tail entry sorting before the state's last entry, or one it has seen, declines")
    func lateOrRepeatedEntriesDecline() throws {
        let journal = InventoryJournalEntry.ordered(try ProjectionConvergenceTests.busyJournal())
        let state = InventoryProjector.project(journal.dropFirst())
        let first = try #require(journal.first)
        #expect(InventoryProjector.project([first], continuing: state) == nil)
        #expect(InventoryProjector.project([try #require(journal.last)], continuing: state) == nil)
        #expect(InventoryProjector.project([], continuing: state) == state)
    }
}
