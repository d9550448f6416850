import Foundation
import GRDB
import InventoryKit
import InventoryModule
import InventorySync

/// Snapshot floors in the `inventory_snapshot_floors` table (migration `v9-inventory-snapshot-floors`): loading a
/// snapshot deletes the household's journal rows and checkpoints, saves the snapshot's checkpoint and its floor,
/// inside the transaction's one write.
extension SQLiteInventoryStore {
    /// This store keeps snapshots.
    public var keepsSnapshots: Bool { true }

    /// The household's floor, or `nil` when its journal holds every entry.
    public func snapshotFloor(of household: HouseholdID) async throws -> InventorySnapshotFloor? {
        try await SQLiteStorage.perform("read the snapshot floor of \(household)", on: dbWriter) {
            try await dbWriter.read { db -> InventorySnapshotFloor? in
                guard let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT entry_count, recorded_at, replica_id, entry_id, seq FROM inventory_snapshot_floors
                            WHERE household_id = ?
                            """),
                    arguments: [household.rawValue])
                else { return nil }
                guard let entryID = UUID(uuidString: try row.decode(String.self, atIndex: 3)) else {
                    throw StorageError.corruptRecord(
                        collection: InventoryCheckpoint.collection, id: try RecordID(household.rawValue),
                        reason: "the snapshot floor names no entry id")
                }
                let key = InventoryJournalOrderKey(
                    recordedAt: Date(timeIntervalSinceReferenceDate: try row.decode(Double.self, atIndex: 1)),
                    replicaID: ReplicaID(rawValue: try row.decode(String.self, atIndex: 2)), entryID: entryID)
                return InventorySnapshotFloor(
                    mark: InventoryCheckpointMark(householdID: household, orderKey: key, entryCount: try row.decode(Int.self, atIndex: 0)),
                    seq: try row.decode(Int64.self, atIndex: 4))
            }
        }
    }

    /// Deletes the household's journal rows and checkpoints, then saves the snapshot's checkpoint and floor.
    static func replaceJournal(with snapshot: InventorySnapshot, _ db: Database) throws {
        let household = snapshot.householdID.rawValue
        try db.cachedStatement(sql: "DELETE FROM inventory_journal WHERE household_id = ?").execute(arguments: [household])
        try db.cachedStatement(sql: "DELETE FROM inventory_checkpoints WHERE household_id = ?").execute(arguments: [household])
        try applyCheckpoints(dropped: [], saved: [snapshot.checkpoint], db)
        let mark = snapshot.checkpoint.mark
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO inventory_snapshot_floors
                    (household_id, recorded_at, replica_id, entry_id, entry_count, seq) VALUES (?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            household, mark.orderKey.recordedAt.timeIntervalSinceReferenceDate, mark.orderKey.replicaID.rawValue,
            mark.orderKey.entryID.uuidString, mark.entryCount, snapshot.seq,
        ])
    }
}
