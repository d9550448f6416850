import Foundation
import Logging
import NIOCore
import PostgresNIO
import SyncWire

/// ``SyncStore`` on PostgreSQL through PostgresNIO. Every value is a bound parameter.
///
/// ## Why a pull cursor never skips a change
/// A push first runs `UPDATE household_seq SET last_seq = last_seq ... RETURNING last_seq` for its household.
/// That row lock is held until the push commits or rolls back, so a household's writers run one after another:
/// a second pusher blocks on the row, and when it goes on it reads the first one's committed `last_seq`. Sequence
/// numbers are therefore handed out in commit order, and when a reader sees `seq = s` every change with a smaller
/// `seq` is already committed and visible. A reader holding cursor `s` can ask for `seq > s` without ever missing a
/// change that commits later with a smaller number. The push numbers only the changes it stores and writes the
/// last number back under the same lock, so the log is gapless until compaction removes superseded rows. A push of
/// new journal entries takes the same row lock inside `append_new_journal_entries` (`SELECT … FOR UPDATE`), which
/// numbers, writes and moves the head in the transaction that commits it: the same argument holds.
package struct PostgresSyncStore: SyncStore {
    /// The connection pool; the caller runs it.
    package let client: PostgresClient
    /// Where queries log.
    package let logger: Logger
    /// Where transactions, household lock waits and the replica's lag are measured.
    package let metrics: ServerMetrics
    /// The journal entries this store appended, for its replica (kept only once a replica enables it).
    let appendedJournal = AppendedJournal()

    /// Creates a store over a running client; `metrics` defaults to a registry of its own.
    package init(client: PostgresClient, logger: Logger, metrics: ServerMetrics = ServerMetrics()) {
        self.client = client
        self.logger = logger
        self.metrics = metrics
    }

    /// Runs `body` in a transaction (``PostgresClient/withStoreTransaction(logger:_:)``), counted in ``metrics``
    /// as waiting for a pooled connection until it has one, then as running.
    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let logger = self.logger
        return try await metrics.measureTransaction { leased in
            try await client.withStoreTransaction(logger: logger) { connection in
                leased()
                return try await body(connection)
            }
        }
    }

    // MARK: - Health

    /// Runs `SELECT 1`.
    package func ping() async throws {
        _ = try await client.watchedQuery("SELECT 1", logger: logger, decoding: Int32.self)
    }

    // MARK: - Households and devices

    /// Creates a household and its counter row in one transaction.
    package func createHousehold(name: String) async throws -> HouseholdID {
        let id = HouseholdID(UUID())
        let logger = self.logger
        try await transaction { connection in
            try await connection.query(
                "INSERT INTO households (id, name) VALUES (\(id.rawValue), \(name))",
                logger: logger
            )
            try await connection.query(
                "INSERT INTO household_seq (household_id, last_seq) VALUES (\(id.rawValue), 0)",
                logger: logger
            )
        }
        return id
    }

    /// Inserts a device with the hash of a fresh token.
    package func addDevice(to household: HouseholdID) async throws -> (DeviceID, BearerToken) {
        let device = DeviceID(UUID())
        let token = BearerToken.generate()
        let hash = ByteBuffer(bytes: token.hash)
        let rows = try await client.committedQuery(
            """
            INSERT INTO devices (household_id, id, token_hash)
            SELECT id, \(device.rawValue), \(hash) FROM households
            WHERE id = \(household.rawValue) AND erased_at IS NULL
            RETURNING id
            """,
            logger: logger,
            decoding: UUID.self
        )
        guard !rows.isEmpty else { throw SyncStoreError.householdNotFound(household) }
        return (device, token)
    }

    /// Sets `revoked_at` (keeps the first revocation time).
    package func revokeDevice(_ device: DeviceID) async throws {
        let rows = try await client.committedQuery(
            """
            UPDATE devices SET revoked_at = COALESCE(revoked_at, now())
            WHERE id = \(device.rawValue)
            RETURNING id
            """,
            logger: logger,
            decoding: UUID.self
        )
        guard !rows.isEmpty else { throw SyncStoreError.deviceNotFound(device) }
    }

    /// Why a token that authenticates no live device is refused: the state of the device its hash names, if any,
    /// else whether it is a calendar feed's token.
    package func refusal(of token: BearerToken) async throws -> TokenRefusal {
        let hash = ByteBuffer(bytes: token.hash)
        for erased in try await client.watchedQuery(
            """
            SELECT h.erased_at IS NOT NULL FROM devices d JOIN households h ON h.id = d.household_id
            WHERE d.token_hash = \(hash)
            """,
            logger: logger,
            decoding: Bool.self
        ) {
            return erased ? .householdErased : .deviceRevoked
        }
        return try await isFeedToken(token) ? .feedToken : .unknown
    }

    /// Looks the token's hash up among live devices of live households.
    ///
    /// Every request runs it, so it is a prepared statement: each connection parses and plans it once.
    package func authenticate(_ token: BearerToken) async throws -> AuthenticatedDevice? {
        let statement = AuthenticateStatement(tokenHash: ByteBuffer(bytes: token.hash))
        let logger = self.logger
        return try await client.withWatchedConnection { connection in
            for try await (deviceID, householdID) in try await connection.execute(statement, logger: logger) {
                return AuthenticatedDevice(deviceID: DeviceID(deviceID), householdID: HouseholdID(householdID))
            }
            return nil
        }
    }

    // MARK: - Change log

    /// Reads one page after `after`, in one repeatable-read snapshot so the horizon check and the rows agree.
    ///
    /// A product or named entity is served only in its latest state — the remote contract of the kit's gateways
    /// ("the latest state of each record changed after a cursor"): a device that pulled an older state on one page
    /// and its own newer one on the next would otherwise keep the older one. Journal entries are all served.
    package func changes(of household: HouseholdID, after: Int64, limit: Int, kinds: [ChangeKind]) async throws
        -> ChangePage
    {
        let kindNames = (kinds.isEmpty ? ChangeKind.allCases : kinds).map(\.rawValue)
        let logger = self.logger
        let householdID = household.rawValue
        return try await transaction { connection in
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
            var bounds: (lastSeq: Int64, compactedThrough: Int64)?
            for try await (lastSeq, compactedThrough) in try await connection.query(
                """
                SELECT s.last_seq, h.compacted_through FROM household_seq s JOIN households h ON h.id = s.household_id
                WHERE s.household_id = \(householdID) AND h.erased_at IS NULL
                """,
                logger: logger
            ).decode((Int64, Int64).self) {
                bounds = (lastSeq, compactedThrough)
            }
            guard let bounds else { throw SyncStoreError.householdNotFound(household) }
            guard after <= bounds.lastSeq else { throw SyncStoreError.cursorAhead(after: after, lastSeq: bounds.lastSeq) }
            guard after == 0 || after >= bounds.compactedThrough else {
                throw SyncStoreError.cursorCompacted(after: after, compactedThrough: bounds.compactedThrough)
            }
            let fetchLimit = Int64(limit) + 1
            var changes: [Change<JSONFragment>] = []
            let rows = try await connection.query(
                """
                SELECT c.seq, c.op_id, c.kind, c.entity_id, c.payload::text, c.created_at FROM changes c
                WHERE c.household_id = \(householdID) AND c.seq > \(after) AND c.kind = ANY(\(kindNames))
                  AND (c.kind = 'journal' OR EXISTS (
                      SELECT 1 FROM entities e
                      WHERE e.household_id = c.household_id AND e.kind = c.kind AND e.entity_id = c.entity_id
                        AND e.seq = c.seq))
                ORDER BY c.seq
                LIMIT \(fetchLimit)
                """,
                logger: logger
            )
            for try await (seq, opID, kind, entityID, payload, createdAt) in rows.decode(
                (Int64, UUID, String, String, String, Date).self
            ) {
                changes.append(
                    Change<JSONFragment>(
                        seq: seq,
                        opId: opID.uuidString.lowercased(),
                        kind: ChangeKind(rawValue: kind) ?? .journal,
                        entityId: entityID,
                        payload: JSONFragment(verbatim: payload),
                        createdAt: createdAt
                    )
                )
            }
            let hasMore = changes.count > limit
            if hasMore { changes.removeLast(changes.count - limit) }
            return ChangePage(changes: changes, hasMore: hasMore)
        }
    }

    /// Deletes the changes and the replica's folded states, revokes the devices and marks the household erased, in
    /// one transaction.
    package func erase(_ household: HouseholdID) async throws {
        let logger = self.logger
        let householdID = household.rawValue
        try await transaction { connection in
            // Same lock as a push, taken first: an erase waits for a running push, and a push that waited
            // for this erase sees the household erased.
            try await connection.query(
                "SELECT last_seq FROM household_seq WHERE household_id = \(householdID) FOR UPDATE",
                logger: logger
            )
            var found = false
            for try await _ in try await connection.query(
                """
                UPDATE households SET erased_at = now()
                WHERE id = \(householdID) AND erased_at IS NULL
                RETURNING id
                """,
                logger: logger
            ).decode(UUID.self) {
                found = true
            }
            guard found else { throw SyncStoreError.householdNotFound(household) }
            try await connection.query("DELETE FROM changes WHERE household_id = \(householdID)", logger: logger)
            try await connection.query("DELETE FROM entities WHERE household_id = \(householdID)", logger: logger)
            try await connection.query("DELETE FROM operations WHERE household_id = \(householdID)", logger: logger)
            try await connection.query("DELETE FROM replica_checkpoints WHERE household_id = \(householdID)", logger: logger)
            try await connection.query("DELETE FROM household_replicas WHERE household_id = \(householdID)", logger: logger)
            try await connection.query("DELETE FROM grocy_ids WHERE household_id = \(householdID)", logger: logger)
            try await connection.query(
                "UPDATE devices SET revoked_at = now() WHERE household_id = \(householdID) AND revoked_at IS NULL",
                logger: logger
            )
            // Its calendar feeds too (a feed is also refused by its household's `erased_at`).
            try await connection.query(
                "UPDATE feed_tokens SET revoked_at = now() WHERE household_id = \(householdID) AND revoked_at IS NULL",
                logger: logger
            )
            // Its members' sessions and unused invitations end (both are also refused by `erased_at`).
            try await connection.query(
                "UPDATE web_sessions SET revoked_at = now() WHERE household_id = \(householdID) AND revoked_at IS NULL",
                logger: logger
            )
            try await connection.query(
                "UPDATE members SET revoked_at = now() WHERE household_id = \(householdID) AND revoked_at IS NULL",
                logger: logger
            )
        }
    }

    /// Reads an entity's current state from a live household.
    package func entity(of household: HouseholdID, kind: ChangeKind, id: String) async throws -> StoredEntity? {
        var live = false
        var found: StoredEntity?
        for (erased, record, lastOpID, seq) in try await client.watchedQuery(
            """
            SELECT h.erased_at IS NOT NULL, e.record::text, e.last_op_id, e.seq
            FROM households h LEFT JOIN entities e
              ON e.household_id = h.id AND e.kind = \(kind.rawValue) AND e.entity_id = \(id)
            WHERE h.id = \(household.rawValue)
            """,
            logger: logger,
            decoding: (Bool, String?, UUID?, Int64?).self
        ) {
            live = !erased
            if let lastOpID, let seq {
                found = StoredEntity(kind: kind, entityID: id, record: record.map { Data($0.utf8) }, lastOpID: lastOpID, seq: seq)
            }
        }
        guard live else { throw SyncStoreError.householdNotFound(household) }
        return found
    }
}

/// The live device of a live household whose token hashes to `tokenHash`.
private struct AuthenticateStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT d.id, d.household_id FROM devices d
        JOIN households h ON h.id = d.household_id
        WHERE d.token_hash = $1 AND d.revoked_at IS NULL AND h.erased_at IS NULL
        """

    let tokenHash: ByteBuffer

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(tokenHash)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> (UUID, UUID) {
        try row.decode((UUID, UUID).self)
    }
}
