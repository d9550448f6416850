import Foundation
import Logging
import NIOCore
import PostgresNIO

/// What ``HouseholdReplicas`` reads and writes: the household's head, its journal in `seq` order, the saved folded
/// states (`replica_checkpoints`) and the watermark (`household_replicas.projected_through_seq`). Each runs on a
/// watched connection (``PostgresClient/withWatchedConnection(_:)``), so a fold fails instead of waiting for good
/// when the database goes away under it.
extension PostgresSyncStore {
    /// The household's last `seq` (0 for an empty log), or `nil` when it is unknown or erased.
    func replicaHead(of household: HouseholdID) async throws -> Int64? {
        for lastSeq in try await client.watchedQuery(
            """
            SELECT s.last_seq FROM household_seq s JOIN households h ON h.id = s.household_id
            WHERE s.household_id = \(household.rawValue) AND h.erased_at IS NULL
            """,
            logger: logger,
            decoding: Int64.self
        ) {
            return lastSeq
        }
        return nil
    }

    /// The payloads of the household's journal entries with `after < seq <= through`, in `seq` order, at most
    /// `limit` of them.
    func journalPayloads(of household: HouseholdID, after: Int64, through: Int64, limit: Int) async throws
        -> [(seq: Int64, payload: String)]
    {
        var rows: [(seq: Int64, payload: String)] = []
        for (seq, payload) in try await client.watchedQuery(
            """
            SELECT seq, payload::text FROM changes
            WHERE household_id = \(household.rawValue) AND kind = 'journal' AND seq > \(after) AND seq <= \(through)
            ORDER BY seq LIMIT \(limit)
            """,
            logger: logger,
            decoding: (Int64, String).self
        ) {
            rows.append((seq, payload))
        }
        return rows
    }

    /// The `through_seq` of every saved folded state of the household, newest first.
    func replicaCheckpointSeqs(of household: HouseholdID) async throws -> [Int64] {
        var seqs: [Int64] = []
        for seq in try await client.watchedQuery(
            """
            SELECT through_seq FROM replica_checkpoints WHERE household_id = \(household.rawValue)
            ORDER BY through_seq DESC
            """,
            logger: logger,
            decoding: Int64.self
        ) {
            seqs.append(seq)
        }
        return seqs
    }

    /// The saved folded state of the household through `seq`: the kit's checkpoint mark (JSON) and state bytes.
    func replicaCheckpoint(of household: HouseholdID, through seq: Int64) async throws -> (mark: String, state: Data)? {
        for (mark, bytes) in try await client.watchedQuery(
            """
            SELECT mark, state FROM replica_checkpoints
            WHERE household_id = \(household.rawValue) AND through_seq = \(seq)
            """,
            logger: logger,
            decoding: (String, ByteBuffer).self
        ) {
            return (mark, Data(bytes.readableBytesView))
        }
        return nil
    }

    /// Saves a folded state through `seq` and keeps only the newest `keeping` of the household's saved states, in
    /// one transaction; nothing is saved for an erased household. A state already saved through `seq` is kept,
    /// unless its bytes are of another checkpoint format version than `state`'s (the kit could not read it).
    /// - Returns: whether `state` was written (`false` when a state through `seq` was kept, or the household is
    ///   erased).
    @discardableResult
    func saveReplicaCheckpoint(
        of household: HouseholdID, through seq: Int64, mark: String, state: Data, keeping: Int
    ) async throws -> Bool {
        let logger = self.logger
        let householdID = household.rawValue
        let bytes = ByteBuffer(bytes: state)
        return try await transaction { connection in
            var written = false
            for try await _ in try await connection.query(
                """
                INSERT INTO replica_checkpoints (household_id, through_seq, mark, state)
                SELECT id, \(seq), \(mark), \(bytes) FROM households WHERE id = \(householdID) AND erased_at IS NULL
                ON CONFLICT (household_id, through_seq) DO UPDATE
                SET mark = excluded.mark, state = excluded.state, created_at = now()
                WHERE substring(replica_checkpoints.state FROM 1 FOR 5) <> substring(excluded.state FROM 1 FOR 5)
                RETURNING through_seq
                """,
                logger: logger
            ).decode(Int64.self) {
                written = true
            }
            try await connection.query(
                """
                DELETE FROM replica_checkpoints WHERE household_id = \(householdID) AND through_seq NOT IN (
                    SELECT through_seq FROM replica_checkpoints WHERE household_id = \(householdID)
                    ORDER BY through_seq DESC LIMIT \(keeping))
                """,
                logger: logger
            )
            return written
        }
    }

    /// Records that the household is folded through `seq` (the watermark never moves back).
    func recordReplicaProgress(of household: HouseholdID, through seq: Int64) async throws {
        let logger = self.logger
        try await client.withWatchedConnection { connection in
            for try await _ in try await connection.query(
                """
                INSERT INTO household_replicas (household_id, projected_through_seq, folded_at)
                SELECT id, \(seq), now() FROM households WHERE id = \(household.rawValue) AND erased_at IS NULL
                ON CONFLICT (household_id) DO UPDATE
                SET projected_through_seq = excluded.projected_through_seq, folded_at = excluded.folded_at
                WHERE household_replicas.projected_through_seq < excluded.projected_through_seq
                """,
                logger: logger
            ) {}
        }
    }

    /// Live households whose log has entries past the replica's watermark, most behind first, at most `limit`.
    func householdsBehindReplica(limit: Int) async throws -> [HouseholdID] {
        var households: [HouseholdID] = []
        for id in try await client.watchedQuery(
            """
            SELECT s.household_id FROM household_seq s
            JOIN households h ON h.id = s.household_id AND h.erased_at IS NULL
            LEFT JOIN household_replicas r ON r.household_id = s.household_id
            WHERE s.last_seq > coalesce(r.projected_through_seq, 0)
            ORDER BY s.last_seq - coalesce(r.projected_through_seq, 0) DESC
            LIMIT \(limit)
            """,
            logger: logger,
            decoding: UUID.self
        ) {
            households.append(HouseholdID(id))
        }
        return households
    }

    /// How far the replica is behind live households' logs: the most changes one household has unfolded, the
    /// changes unfolded in all, and how many households have any.
    func replicaLag() async throws -> (max: Int64, sum: Int64, households: Int64) {
        for lag in try await client.watchedQuery(
            """
            SELECT coalesce(max(s.last_seq - coalesce(r.projected_through_seq, 0)), 0)::bigint,
                   coalesce(sum(s.last_seq - coalesce(r.projected_through_seq, 0)), 0)::bigint,
                   count(*)::bigint
            FROM household_seq s
            JOIN households h ON h.id = s.household_id AND h.erased_at IS NULL
            LEFT JOIN household_replicas r ON r.household_id = s.household_id
            WHERE s.last_seq > coalesce(r.projected_through_seq, 0)
            """,
            logger: logger,
            decoding: (Int64, Int64, Int64).self
        ) {
            return lag
        }
        return (0, 0, 0)
    }
}
