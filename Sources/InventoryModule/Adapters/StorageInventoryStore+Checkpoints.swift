import Foundation
import InventoryKit

/// Checkpoints on a `StorageProvider`: each state's bytes are one record of ``InventoryCheckpoint/collection``
/// (`<household>@<entry count>`), and one record per household in ``checkpointMarksCollection`` lists the marks,
/// so listing them never reads a state. Both change in the transaction's one commit.
extension StorageInventoryStore {
    /// The collection of per-household mark lists in the user metadata store.
    public static let checkpointMarksCollection: RecordCollection = "inventory-checkpoint-marks"

    /// The marks of a household's checkpoints.
    public func checkpointMarks(of household: HouseholdID) async throws -> [InventoryCheckpointMark] {
        try await storage.userMetadata.load(MarkList.self, id: try MarkList.id(of: household))?.marks ?? []
    }

    /// The checkpoint with this mark.
    public func checkpoint(_ mark: InventoryCheckpointMark) async throws -> InventoryCheckpoint? {
        guard let stored = try await storage.userMetadata.record(try Self.checkpointID(mark), in: InventoryCheckpoint.collection)
        else { return nil }
        return InventoryCheckpoint(mark: mark, stateData: stored.payload)
    }

    /// The writes of a transaction's checkpoint changes: dropped ones deleted, new ones put, and each touched
    /// household's mark list rewritten.
    /// A household in `replaced` starts from those marks instead of its stored ones (a snapshot of the same
    /// transaction replaced them).
    func checkpointWrites(
        _ transaction: InventoryLocalTransaction, replaced: [HouseholdID: [InventoryCheckpointMark]] = [:]
    ) async throws -> [RecordWrite] {
        var households = Set(transaction.checkpoints.map(\.mark.householdID) + transaction.droppedCheckpoints.map(\.householdID))
        households.formUnion(replaced.keys)
        guard !households.isEmpty else { return [] }
        var writes: [RecordWrite] = []
        for household in households.sorted() {
            let dropped = Set(transaction.droppedCheckpoints.filter { $0.householdID == household })
            let added = transaction.checkpoints.filter { $0.mark.householdID == household }
            var marks: [InventoryCheckpointMark]
            if let start = replaced[household] { marks = start } else { marks = try await checkpointMarks(of: household) }
            marks.removeAll { dropped.contains($0) }
            for mark in dropped { writes.append(.delete(try Self.checkpointID(mark), in: InventoryCheckpoint.collection)) }
            for checkpoint in added {
                marks.removeAll { $0 == checkpoint.mark }
                marks.append(checkpoint.mark)
                writes.append(
                    .put(StoredRecord(id: try Self.checkpointID(checkpoint.mark), payload: checkpoint.stateData), in: InventoryCheckpoint.collection))
            }
            writes.append(try .save(MarkList(household: household, marks: marks)))
        }
        return writes
    }

    /// The record id of a checkpoint's state.
    static func checkpointID(_ mark: InventoryCheckpointMark) throws -> RecordID {
        try RecordID("\(mark.householdID.rawValue)@\(mark.entryCount)-\(mark.orderKey.entryID.uuidString)")
    }

    /// The marks of one household's checkpoints.
    private struct MarkList: StorableRecord {
        static let collection = StorageInventoryStore.checkpointMarksCollection
        var household: HouseholdID
        var marks: [InventoryCheckpointMark]
        var recordID: RecordID { get throws { try Self.id(of: household) } }

        static func id(of household: HouseholdID) throws -> RecordID { try RecordID(household.rawValue) }
    }
}
