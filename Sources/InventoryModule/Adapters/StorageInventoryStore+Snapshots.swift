import Foundation
import InventoryKit

/// Snapshots on a `StorageProvider`: a household's floor is one record of ``snapshotFloorCollection``; loading a
/// snapshot deletes the household's journal records and checkpoints and saves the snapshot's checkpoint, in the
/// transaction's one commit.
extension StorageInventoryStore {
    /// The collection of the households' snapshot floors in the user metadata store.
    public static let snapshotFloorCollection: RecordCollection = "inventory-snapshot-floor"

    /// This store keeps snapshots.
    public var keepsSnapshots: Bool { true }

    /// The household's floor: its record in ``snapshotFloorCollection``.
    public func snapshotFloor(of household: HouseholdID) async throws -> InventorySnapshotFloor? {
        try await storage.userMetadata.load(FloorRecord.self, id: try RecordID(household.rawValue))?.floor
    }

    /// The writes that replace a household's journal with a snapshot: every journal record and checkpoint of the
    /// household deleted, the snapshot's checkpoint put, the mark list and the floor saved. Returns them with the
    /// household's marks after them (the checkpoint writes of the same transaction start from those).
    func snapshotWrites(_ snapshot: InventorySnapshot) async throws -> (writes: [RecordWrite], marks: [InventoryCheckpointMark]) {
        let household = snapshot.householdID
        var writes: [RecordWrite] = []
        let journal = try await storage.userMetadata.all(
            matching: .equals("householdId", .string(household.rawValue)), in: Self.journalCollection)
        for record in journal { writes.append(.delete(record.id, in: Self.journalCollection)) }
        for mark in try await checkpointMarks(of: household) {
            writes.append(.delete(try Self.checkpointID(mark), in: InventoryCheckpoint.collection))
        }
        writes.append(
            .put(StoredRecord(id: try Self.checkpointID(snapshot.checkpoint.mark), payload: snapshot.checkpoint.stateData),
                 in: InventoryCheckpoint.collection))
        writes.append(try .save(FloorRecord(household: household, floor: snapshot.floor)))
        return (writes, [snapshot.checkpoint.mark])
    }

    /// A household's snapshot floor.
    private struct FloorRecord: StorableRecord {
        static let collection = StorageInventoryStore.snapshotFloorCollection
        var household: HouseholdID
        var floor: InventorySnapshotFloor
        var recordID: RecordID { get throws { try RecordID(household.rawValue) } }
    }
}
