import Foundation
import InventoryKit
import InventoryKitTesting
@testable import InventoryModule
import Testing

/// A checkpoint's binary form gives back the state it was made of — live state decoded, history sealed — and a
/// state opened from it folds on exactly as the full fold does; JSON checkpoints of earlier versions still open,
/// and damaged bytes are refused when the checkpoint is opened.
@Suite("Binary checkpoints: open equal, fold on equal, refuse damage, read the JSON of earlier versions")
struct BinaryCheckpointTests {
    static func checkpoint(_ state: InventoryState) throws -> InventoryCheckpoint {
        try #require(try InventoryCheckpoint(state: state, of: F.home))
    }

    static func reopened(_ state: InventoryState) throws -> InventoryState {
        try checkpoint(state).state()
    }

    @Test("every prefix of a busy journal opens equal to its fold, with the history sealed, not decoded")
    func everyPrefixOpensEqual() throws {
        let journal = InventoryJournalEntry.ordered(try ProjectionConvergenceTests.busyJournal())
        for split in 1...journal.count {
            let state = InventoryProjector.project(journal[..<split])
            let opened = try Self.reopened(state)
            #expect(opened.entryLog.sealed != nil && opened.entryLog.added.isEmpty, "split at \(split)")
            #expect(opened.effects.added.isEmpty && opened.consumption.added.isEmpty, "split at \(split)")
            #expect(opened.entryLog.count == split, "split at \(split)")
            #expect(opened == state, "split at \(split)")
            #expect(opened.transactions == state.transactions, "split at \(split)")
            #expect(opened.consumptionHistory == state.consumptionHistory, "split at \(split)")
            #expect(opened.appliedEntryIDs == state.appliedEntryIDs, "split at \(split)")
            for entry in journal { #expect(opened.entryLog.contains(entry.id) == (entry.orderKey <= journal[split - 1].orderKey)) }
            for (id, effect) in state.transactions { #expect(opened.effects[id] == effect, "split at \(split)") }
        }
    }

    @Test("continuing a reopened prefix with the shuffled rest equals the full fold, or declines as the unsealed one does", arguments: 0..<20)
    func reopenedContinuationEqualsFullFold(seed: Int) throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 31)
        let journal = InventoryJournalEntry.ordered(try ProjectionConvergenceTests.busyJournal())
        let full = InventoryProjector.project(journal)
        for split in 1..<journal.count {
            let prefix = InventoryProjector.project(journal[..<split])
            let tail = Array(journal[split...]).shuffled(using: &random)
            let plain = InventoryProjector.project(tail, continuing: prefix)
            let sealed = InventoryProjector.project(tail, continuing: try Self.reopened(prefix))
            #expect((plain == nil) == (sealed == nil), "split at \(split)")
            if let sealed { #expect(sealed == full, "split at \(split)") }
            #expect(try Self.reopened(prefix).reach(of: tail) == prefix.reach(of: tail), "split at \(split)")
        }
    }

    @Test("a reopened state folded on, checkpointed again and reopened equals the full fold (sealed and new history merge)")
    func resealingMergesHistory() throws {
        let journal = InventoryJournalEntry.ordered(try ProjectionConvergenceTests.busyJournal())
        let full = InventoryProjector.project(journal)
        for first in 1..<journal.count {
            var state = try Self.reopened(InventoryProjector.project(journal[..<first]))
            for entry in journal[first...] {
                if state.apply(entry) == .requiresReprojection { state = InventoryProjector.project(journal) }
                state = try Self.reopened(state)
            }
            #expect(state == full, "first checkpoint at \(first)")
            #expect(state.consumptionHistory == full.consumptionHistory)
        }
    }

    @Test("a state whose history parts were sealed by two different checkpoints is written afresh and reopens equal")
    func partsSealedApartAreWrittenAfresh() throws {
        let full = InventoryProjector.project(try ProjectionConvergenceTests.busyJournal())
        var mixed = try Self.reopened(full)
        mixed.consumption = try Self.reopened(full).consumption
        #expect(mixed.effects.sealed !== mixed.consumption.sealed)
        #expect(mixed == full)
        #expect(try Self.reopened(mixed) == full)
        #expect(try Self.reopened(mixed).consumptionHistory == full.consumptionHistory)
    }

    @Test("a checkpoint stored as JSON by an earlier version opens to the same state")
    func jsonCheckpointsStillOpen() throws {
        let state = InventoryProjector.project(try ProjectionConvergenceTests.busyJournal())
        let mark = try Self.checkpoint(state).mark
        let legacy = InventoryCheckpoint(mark: mark, stateData: try RecordCoding.encode(state))
        #expect(!InventoryCheckpointFormat.matches(legacy.stateData))
        #expect(try legacy.state() == state)
        #expect(try RecordCoding.decode(InventoryState.self, from: RecordCoding.encode(Self.reopened(state))) == state)
    }

    @Test("a checkpoint with a byte altered or cut off is refused when it is opened", arguments: 0..<60)
    func damagedCheckpointsAreRefused(seed: Int) throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 901)
        let state = InventoryProjector.project(try ProjectionConvergenceTests.busyJournal())
        let checkpoint = try Self.checkpoint(state)
        var bytes = [UInt8](checkpoint.stateData)
        bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
        #expect(throws: StorageError.self) { try InventoryCheckpoint(mark: checkpoint.mark, stateData: Data(bytes)).state() }
        let cut = Data(checkpoint.stateData.prefix(Int.random(in: 0..<checkpoint.stateData.count, using: &random)))
        #expect(throws: StorageError.self) { try InventoryCheckpoint(mark: checkpoint.mark, stateData: cut).state() }
    }

    @Test("a reopened state answers every view as the full fold does, and undoes a sealed transaction the same way")
    func viewsAndUndoAnswerAlike() throws {
        var kitchen = try F.kitchen()
        let milk = try kitchen.buy(F.milk, 3)
        try kitchen.buy(F.eggs, 6, unit: F.pack)
        try kitchen.run(.consume(ConsumeRequest(productID: F.milk, amount: 1, scope: .lot(milk))))
        let bread = try kitchen.run(.purchase(PurchaseRequest(productID: F.flour, amount: 2, unit: F.kilogram)))
        let state = kitchen.state
        let opened = try Self.reopened(state)
        let always = DateInterval(start: .distantPast, end: .distantFuture)
        #expect(opened.consumption(in: always) == state.consumption(in: always))
        #expect(opened.consumption(in: always, reasons: [.spoiled]) == state.consumption(in: always, reasons: [.spoiled]))
        #expect(opened.stock(of: F.milk) == state.stock(of: F.milk))
        #expect(opened.shoppingList() == state.shoppingList())
        let transaction = try #require(bread.first?.transactionID)
        #expect(opened.dependents(of: transaction) == state.dependents(of: transaction))
        #expect(opened.effects[transaction] == state.transactions[transaction])
    }
}
