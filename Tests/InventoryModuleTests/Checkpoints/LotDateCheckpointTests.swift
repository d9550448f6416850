import Foundation
import InventoryKit
@testable import InventoryModule
import Testing

/// Packaged-on days and date provenances are kept in binary checkpoints. The layout stays version 2: a lot without
/// the new fields encodes exactly as earlier versions encoded it (absent optionals write no field), so a version 2
/// checkpoint of an earlier version opens to the state this version's full fold gives.
@Suite("Lot dates in checkpoints: kept, reopened equal to the full fold, version 2 unchanged")
struct LotDateCheckpointTests {
    /// A kitchen with packaged-on days, a back-dated opening with a scanned provenance, and edits of both.
    static func datedJournal() throws -> [InventoryJournalEntry] {
        var kitchen = try F.kitchen()
        let scanned = try LotDateProvenance(kind: .packagedOn, source: .scannedLabel, rawText: "PKD 07.03", confidence: 0.8)
        try kitchen.run(.purchase(PurchaseRequest(productID: F.milk, amount: 2, packagedOn: F.cal(-3), packagedOnProvenance: scanned)))
        let eggs = try #require(kitchen.lotID(of: try kitchen.run(.purchase(PurchaseRequest(productID: F.eggs, amount: 6)))))
        try kitchen.run(
            .open(
                OpenRequest(
                    productID: F.milk, openedOn: F.cal(-1),
                    openedOnProvenance: try LotDateProvenance(kind: .openedOn, source: .scannedLabel, confidence: 0.4))))
        try kitchen.run(.editLot(EditLotPayload(lotID: eggs, openedOn: F.cal(0), packagedOn: .set(F.cal(-6)))))
        return kitchen.journal
    }

    @Test("a state with lot dates reopens equal to the full fold, also when folded entry by entry or checkpointed twice")
    func datesAreKept() throws {
        let journal = try Self.datedJournal()
        let full = InventoryProjector.project(journal)
        #expect(full.lots.values.contains { $0.packagedOn == F.cal(-3) && $0.packagedOnProvenance?.confidence == 0.8 })
        #expect(full.lots.values.contains { $0.openedOnProvenance?.confidence == 0.4 && $0.openedAt == F.day(-1) })
        let checkpoint = try #require(try InventoryCheckpoint(state: full, of: F.home))
        let reopened = try checkpoint.state()
        #expect(reopened == full)
        #expect(reopened.lots == full.lots)
        // Folded entry by entry (as a device does), checkpointed and reopened: the full fold again. (Checkpoint bytes
        // are not canonical — dictionaries encode in their iteration order, which differs between two folds of one
        // journal — so states are compared, not bytes.)
        var stepwise = InventoryState()
        for entry in InventoryJournalEntry.ordered(journal) { _ = stepwise.apply(entry) }
        #expect(try InventoryCheckpoint(state: stepwise, of: F.home)?.state() == full)
        #expect(try InventoryCheckpoint(state: reopened, of: F.home)?.state().lots == full.lots)
    }

    @Test("lots without the new dates encode with no new field and open to the full fold: the dates needed no version of their own")
    func versionTwoIsUnchanged() throws {
        let full = InventoryProjector.project(try ProjectionConvergenceTests.busyJournal())
        let data = try #require(try InventoryCheckpoint(state: full, of: F.home)).stateData
        #expect(data[data.startIndex + 4] == 5, "version 5: the live state holds the over-draws and their settlements")
        #expect(InventoryCheckpointFormat.version == 5)
        for key in ["packagedOn", "packagedOnProvenance", "openedOnProvenance"] {
            #expect(data.range(of: Data(key.utf8)) == nil, "\(key) is written for lots that have none")
        }
        #expect(try InventoryCheckpoint(state: full, of: F.home)?.state() == full)
    }
}
