import Foundation
import GRDB
import InventoryKit
import InventoryModule
import InventorySync

/// Checkpoints in the `inventory_checkpoints` table (migration `v5-inventory-checkpoints`): one row per checkpoint,
/// keyed by household and order key, holding the encoded state; listing the marks reads no state.
extension SQLiteInventoryStore {
    /// The marks of a household's checkpoints.
    public func checkpointMarks(of household: HouseholdID) async throws -> [InventoryCheckpointMark] {
        try await SQLiteStorage.perform("read the checkpoints of \(household)", on: dbWriter) {
            try await dbWriter.read { db in
                let statement = try db.cachedStatement(
                    sql: "SELECT entry_count, recorded_at, replica_id, entry_id FROM inventory_checkpoints WHERE household_id = ?")
                return try Row.fetchAll(statement, arguments: [household.rawValue]).compactMap { row in
                    guard let entryID = UUID(uuidString: try row.decode(String.self, atIndex: 3)) else { return nil }
                    let key = InventoryJournalOrderKey(
                        recordedAt: Date(timeIntervalSinceReferenceDate: try row.decode(Double.self, atIndex: 1)),
                        replicaID: ReplicaID(rawValue: try row.decode(String.self, atIndex: 2)), entryID: entryID)
                    return InventoryCheckpointMark(householdID: household, orderKey: key, entryCount: try row.decode(Int.self, atIndex: 0))
                }
            }
        }
    }

    /// The checkpoint with this mark.
    public func checkpoint(_ mark: InventoryCheckpointMark) async throws -> InventoryCheckpoint? {
        let state = try await SQLiteStorage.perform("read a checkpoint of \(mark.householdID)", on: dbWriter) {
            try await dbWriter.read { db in
                try Data.fetchOne(
                    db.cachedStatement(sql: "SELECT state FROM inventory_checkpoints WHERE \(Self.checkpointKey)"),
                    arguments: Self.arguments(mark))
            }
        }
        return state.map { InventoryCheckpoint(mark: mark, stateData: $0) }
    }

    /// Deletes the dropped checkpoints, then saves the new ones, inside a commit's write.
    static func applyCheckpoints(dropped: [InventoryCheckpointMark], saved: [InventoryCheckpoint], _ db: Database) throws {
        for mark in dropped {
            try db.cachedStatement(sql: "DELETE FROM inventory_checkpoints WHERE \(checkpointKey)").execute(arguments: arguments(mark))
        }
        for checkpoint in saved {
            try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO inventory_checkpoints
                        (household_id, recorded_at, replica_id, entry_id, entry_count, state) VALUES (?, ?, ?, ?, ?, ?)
                    """
            ).execute(arguments: arguments(checkpoint.mark) + [checkpoint.mark.entryCount, checkpoint.stateData])
        }
    }

    /// The primary key condition of a checkpoint row.
    private static let checkpointKey = "household_id = ? AND recorded_at = ? AND replica_id = ? AND entry_id = ?"

    /// The primary key values of a mark.
    private static func arguments(_ mark: InventoryCheckpointMark) -> StatementArguments {
        [
            mark.householdID.rawValue, mark.orderKey.recordedAt.timeIntervalSinceReferenceDate, mark.orderKey.replicaID.rawValue,
            mark.orderKey.entryID.uuidString,
        ]
    }
}
