import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule

extension InventoryStoreConformance {
    /// A store that keeps snapshots replaces a household's journal and checkpoints with the snapshot's checkpoint,
    /// records its floor and cursor in the same commit, and leaves other households alone; one that does not
    /// answers no floor.
    func snapshots(_ store: any InventoryJournalStore) async throws {
        let check = "snapshots"
        let home = try HouseholdID("home")
        let cabin = try HouseholdID("cabin")
        let entries = (0..<8).map { InventoryJournalEntry.fixture(number: $0, in: $0 < 6 ? home : cabin) }
        guard store.keepsSnapshots else {
            let floor = try await store.snapshotFloor(of: home)
            try conformanceCheck(floor == nil, check, "a store without snapshots answered a floor")
            return
        }
        let homeEntries = entries.filter { $0.householdID == home }
        var setup = InventoryLocalTransaction()
        setup.entries = entries
        if let early = try InventoryCheckpoint(state: InventoryProjector.project(homeEntries.prefix(2)), of: home) {
            setup.checkpoints = [early]
        }
        try await store.commit(setup)
        guard let checkpoint = try InventoryCheckpoint(state: InventoryProjector.project(homeEntries.prefix(5)), of: home) else {
            throw ConformanceFailure(check: check, message: "an empty state made a checkpoint")
        }
        let snapshot = InventorySnapshot(seq: 42, checkpoint: checkpoint)
        var load = InventoryLocalTransaction()
        load.snapshot = snapshot
        load.pullCursor = (home, 42)
        load.entries = [homeEntries[5]]
        try await store.commit(load)

        let journal = try await store.entries(of: home).map(\.id)
        try conformanceCheck(journal == [homeEntries[5].id], check, "the home journal after the snapshot holds \(journal.count) entries")
        let marks = try await store.checkpointMarks(of: home)
        try conformanceCheck(marks == [checkpoint.mark], check, "home checkpoints after the snapshot: \(marks)")
        let read = try await store.checkpoint(checkpoint.mark)
        try conformanceCheck(read?.stateData == checkpoint.stateData, check, "the snapshot's checkpoint did not read back")
        let floor = try await store.snapshotFloor(of: home)
        try conformanceCheck(floor == snapshot.floor, check, "the floor read back \(String(describing: floor))")
        let cursor = try await store.pullCursor(of: home)
        try conformanceCheck(cursor == 42, check, "the cursor read back \(String(describing: cursor))")
        let cabinJournal = try await store.entries(of: cabin).count
        let cabinFloor = try await store.snapshotFloor(of: cabin)
        try conformanceCheck(cabinJournal == 2 && cabinFloor == nil, check, "the snapshot touched another household")
    }
}
