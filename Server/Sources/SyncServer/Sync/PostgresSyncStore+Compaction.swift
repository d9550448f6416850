import Foundation
import Logging
import PostgresNIO

extension PostgresSyncStore {
    /// Removes, among the household's changes numbered `through` or lower, every product or named-entity change
    /// that a later change of the same entity superseded, and every product tombstone change; raises the
    /// household's horizon to `through`. Journal changes are never removed (each device folds all of them).
    ///
    /// The entity table keeps every product's current state, tombstones included, so a stale push after
    /// compaction still conflicts with the deletion instead of resurrecting the product, and the op ids of the
    /// removed changes move to the operations table, so a replay still answers `duplicate`. A device whose cursor
    /// is below the horizon gets `resync_required` and reconciles from a pull that starts at 0.
    ///
    /// One transaction under the household's lock; no statement touches another household.
    /// - Returns: how many changes were removed.
    /// - Throws: ``SyncStoreError/householdNotFound(_:)``.
    package func compact(_ household: HouseholdID, through seq: Int64) async throws -> Int {
        let logger = self.logger
        let householdID = household.rawValue
        return try await transaction { connection in
            var lastSeq: Int64?
            for try await value in try await connection.query(
                "SELECT last_seq FROM household_seq WHERE household_id = \(householdID) FOR UPDATE",
                logger: logger
            ).decode(Int64.self) {
                lastSeq = value
            }
            guard let lastSeq, try await Self.isLive(householdID, on: connection, logger: logger) else {
                throw SyncStoreError.householdNotFound(household)
            }
            let horizon = min(max(seq, 0), lastSeq)
            var removed = 0
            // A removed row's op id moves to `operations`, so a replay of it still answers `duplicate`.
            for try await count in try await connection.query(
                """
                WITH removed AS (
                    DELETE FROM changes c USING entities e
                    WHERE c.household_id = \(householdID) AND c.seq <= \(horizon) AND c.kind <> 'journal'
                      AND e.household_id = c.household_id AND e.kind = c.kind AND e.entity_id = c.entity_id
                      AND (e.seq > c.seq OR (c.kind = 'product' AND NOT e.live))
                    RETURNING c.op_id, c.seq
                ), kept AS (
                    INSERT INTO operations (household_id, op_id, seq)
                    SELECT \(householdID), op_id, seq FROM removed
                    RETURNING 1
                )
                SELECT count(*) FROM kept
                """,
                logger: logger
            ).decode(Int64.self) {
                removed = Int(count)
            }
            try await connection.query(
                """
                UPDATE households SET compacted_through = GREATEST(compacted_through, \(horizon))
                WHERE id = \(householdID)
                """,
                logger: logger
            )
            return removed
        }
    }

    /// For each live household, the highest sequence number among its changes stored before `date`: the horizon
    /// a retention of "changes older than `date`" compacts through. Households with nothing that old are left out.
    /// - Throws: the driver's error.
    package func compactionHorizons(before date: Date) async throws -> [(HouseholdID, Int64)] {
        var horizons: [(HouseholdID, Int64)] = []
        for (householdID, seq) in try await client.watchedQuery(
            """
            SELECT h.id, (SELECT max(c.seq) FROM changes c WHERE c.household_id = h.id AND c.created_at < \(date))
            FROM households h WHERE h.erased_at IS NULL
            """,
            logger: logger,
            decoding: (UUID, Int64?).self
        ) {
            if let seq { horizons.append((HouseholdID(householdID), seq)) }
        }
        return horizons
    }
}
