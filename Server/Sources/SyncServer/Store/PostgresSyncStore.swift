import Foundation
import Logging
import NIOCore
import PostgresNIO

/// ``SyncStore`` on PostgreSQL through PostgresNIO. Every value is a bound parameter.
///
/// ## Why a pull cursor never skips a change
/// A push first runs `UPDATE household_seq SET last_seq = last_seq + n ... RETURNING last_seq` for its household.
/// That row lock is held until the push commits or rolls back, so a household's writers run one after another:
/// a second pusher blocks on the row, and when it goes on it reads the first one's committed `last_seq`. Sequence
/// numbers are therefore handed out in commit order, and when a reader sees `seq = s` every change with a smaller
/// `seq` is already committed and visible. A reader holding cursor `s` can ask for `seq > s` without ever missing a
/// change that commits later with a smaller number. Duplicates in a batch would leave holes in the reserved range;
/// the push gives them back by setting `last_seq` to the last number it used, still under the same lock, so the
/// log stays gapless (the cursor would be safe with gaps too; gapless makes counts checkable).
public struct PostgresSyncStore: SyncStore {
    /// The connection pool; the caller runs it.
    public let client: PostgresClient
    /// Where queries log.
    public let logger: Logger

    /// Creates a store over a running client.
    public init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    // MARK: - Health

    /// Runs `SELECT 1`.
    public func ping() async throws {
        try await client.query("SELECT 1", logger: logger)
    }

    // MARK: - Households and devices

    /// Creates a household and its counter row in one transaction.
    public func createHousehold(name: String) async throws -> HouseholdID {
        let id = HouseholdID(UUID())
        let logger = self.logger
        try await client.withTransaction(logger: logger) { connection in
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
    public func addDevice(to household: HouseholdID) async throws -> (DeviceID, BearerToken) {
        let device = DeviceID(UUID())
        let token = BearerToken.generate()
        let hash = ByteBuffer(bytes: token.hash)
        let rows = try await client.query(
            """
            INSERT INTO devices (household_id, id, token_hash)
            SELECT id, \(device.rawValue), \(hash) FROM households
            WHERE id = \(household.rawValue) AND erased_at IS NULL
            RETURNING id
            """,
            logger: logger
        )
        var inserted = false
        for try await _ in rows.decode(UUID.self) { inserted = true }
        guard inserted else { throw SyncStoreError.householdNotFound(household) }
        return (device, token)
    }

    /// Sets `revoked_at` (keeps the first revocation time).
    public func revokeDevice(_ device: DeviceID) async throws {
        let rows = try await client.query(
            """
            UPDATE devices SET revoked_at = COALESCE(revoked_at, now())
            WHERE id = \(device.rawValue)
            RETURNING id
            """,
            logger: logger
        )
        var found = false
        for try await _ in rows.decode(UUID.self) { found = true }
        guard found else { throw SyncStoreError.deviceNotFound(device) }
    }

    /// Looks the token's hash up among live devices of live households.
    public func authenticate(_ token: BearerToken) async throws -> AuthenticatedDevice? {
        let hash = ByteBuffer(bytes: token.hash)
        let rows = try await client.query(
            """
            SELECT d.id, d.household_id FROM devices d
            JOIN households h ON h.id = d.household_id
            WHERE d.token_hash = \(hash) AND d.revoked_at IS NULL AND h.erased_at IS NULL
            """,
            logger: logger
        )
        for try await (deviceID, householdID) in rows.decode((UUID, UUID).self) {
            return AuthenticatedDevice(deviceID: DeviceID(deviceID), householdID: HouseholdID(householdID))
        }
        return nil
    }

    // MARK: - Change log

    /// Stores a batch under the household's counter lock; see the type's documentation.
    public func push(_ changes: [PendingChange], to household: HouseholdID) async throws -> [StoreOutcome] {
        let logger = self.logger
        let householdID = household.rawValue
        let reserved = Int64(changes.count)
        return try await client.withTransaction(logger: logger) { connection in
            // Takes the row lock that serializes this household's writers until commit.
            var base: Int64?
            for try await lastSeq in try await connection.query(
                """
                UPDATE household_seq SET last_seq = last_seq + \(reserved)
                WHERE household_id = \(householdID)
                RETURNING last_seq
                """,
                logger: logger
            ).decode(Int64.self) {
                base = lastSeq - reserved
            }
            guard var next = base else { throw SyncStoreError.householdNotFound(household) }
            // Checked after taking the lock, in a fresh statement, so an erase that committed first is seen.
            var live = false
            for try await _ in try await connection.query(
                "SELECT id FROM households WHERE id = \(householdID) AND erased_at IS NULL",
                logger: logger
            ).decode(UUID.self) {
                live = true
            }
            guard live else { throw SyncStoreError.householdNotFound(household) }

            var outcomes: [StoreOutcome] = []
            outcomes.reserveCapacity(changes.count)
            for change in changes {
                let seq = next + 1
                var inserted = false
                for try await _ in try await connection.query(
                    """
                    INSERT INTO changes (household_id, seq, op_id, kind, entity_id, payload)
                    VALUES (\(householdID), \(seq), \(change.opID), \(change.kind.rawValue), \(change.entityID),
                            \(change.payloadJSON)::jsonb)
                    ON CONFLICT (household_id, op_id) DO NOTHING
                    RETURNING seq
                    """,
                    logger: logger
                ).decode(Int64.self) {
                    inserted = true
                }
                if inserted {
                    next = seq
                    outcomes.append(.applied(seq: seq))
                } else {
                    var existing: Int64 = 0
                    for try await found in try await connection.query(
                        "SELECT seq FROM changes WHERE household_id = \(householdID) AND op_id = \(change.opID)",
                        logger: logger
                    ).decode(Int64.self) {
                        existing = found
                    }
                    outcomes.append(.duplicate(seq: existing))
                }
            }
            if let base, next != base + reserved {
                // Gives back the numbers reserved for duplicates, still under the lock.
                try await connection.query(
                    "UPDATE household_seq SET last_seq = \(next) WHERE household_id = \(householdID)",
                    logger: logger
                )
            }
            return outcomes
        }
    }

    /// Reads one page after `after`.
    public func changes(of household: HouseholdID, after: Int64, limit: Int) async throws -> ChangePage {
        let householdID = household.rawValue
        var lastSeq: Int64?
        for try await value in try await client.query(
            """
            SELECT s.last_seq FROM household_seq s JOIN households h ON h.id = s.household_id
            WHERE s.household_id = \(householdID) AND h.erased_at IS NULL
            """,
            logger: logger
        ).decode(Int64.self) {
            lastSeq = value
        }
        guard let lastSeq else { throw SyncStoreError.householdNotFound(household) }
        guard after <= lastSeq else { throw SyncStoreError.cursorAhead(after: after, lastSeq: lastSeq) }

        let fetchLimit = Int64(limit) + 1
        var changes: [ChangesResponse.Change] = []
        let rows = try await client.query(
            """
            SELECT seq, op_id, kind, entity_id, payload::text, created_at FROM changes
            WHERE household_id = \(householdID) AND seq > \(after)
            ORDER BY seq
            LIMIT \(fetchLimit)
            """,
            logger: logger
        )
        for try await (seq, opID, kind, entityID, payload, createdAt) in rows.decode(
            (Int64, UUID, String, String, String, Date).self
        ) {
            changes.append(
                ChangesResponse.Change(
                    seq: seq,
                    opId: opID.uuidString.lowercased(),
                    kind: ChangeKind(rawValue: kind) ?? .journal,
                    entityId: entityID,
                    payload: try JSONValue(jsonText: payload),
                    createdAt: createdAt
                )
            )
        }
        let hasMore = changes.count > limit
        if hasMore { changes.removeLast(changes.count - limit) }
        return ChangePage(changes: changes, hasMore: hasMore)
    }

    /// Deletes the changes, revokes the devices and marks the household erased, in one transaction.
    public func erase(_ household: HouseholdID) async throws {
        let logger = self.logger
        let householdID = household.rawValue
        try await client.withTransaction(logger: logger) { connection in
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
            try await connection.query(
                "UPDATE devices SET revoked_at = now() WHERE household_id = \(householdID) AND revoked_at IS NULL",
                logger: logger
            )
        }
    }
}
