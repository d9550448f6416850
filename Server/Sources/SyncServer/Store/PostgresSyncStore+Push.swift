import Foundation
import InventoryKit
import Logging
import PostgresNIO

extension PostgresSyncStore {
    /// Stores a batch in one transaction under the household's counter lock (see the type's documentation);
    /// each change is judged by ``ChangeRules`` against the state the transaction sees, earlier changes of the
    /// batch included.
    public func push(_ changes: [PendingChange], to household: HouseholdID) async throws -> [StoreOutcome] {
        let logger = self.logger
        let householdID = household.rawValue
        return try await client.withStoreTransaction(logger: logger) { connection in
            // Takes the row lock that serializes this household's writers until commit.
            var locked: Int64?
            for try await lastSeq in try await connection.query(
                """
                UPDATE household_seq SET last_seq = last_seq WHERE household_id = \(householdID)
                RETURNING last_seq
                """,
                logger: logger
            ).decode(Int64.self) {
                locked = lastSeq
            }
            guard let first = locked else { throw SyncStoreError.householdNotFound(household) }
            // Checked after taking the lock, in a fresh statement, so an erase that committed first is seen.
            guard try await Self.isLive(householdID, on: connection, logger: logger) else {
                throw SyncStoreError.householdNotFound(household)
            }
            var writer = ChangeWriter(connection: connection, logger: logger, householdID: householdID, lastSeq: first)
            var outcomes: [StoreOutcome] = []
            outcomes.reserveCapacity(changes.count)
            for change in changes {
                outcomes.append(try await writer.store(change))
            }
            if writer.lastSeq != first {
                try await connection.query(
                    "UPDATE household_seq SET last_seq = \(writer.lastSeq) WHERE household_id = \(householdID)",
                    logger: logger
                )
            }
            return outcomes
        }
    }

    static func isLive(_ householdID: UUID, on connection: PostgresConnection, logger: Logger) async throws -> Bool {
        for try await _ in try await connection.query(
            "SELECT id FROM households WHERE id = \(householdID) AND erased_at IS NULL",
            logger: logger
        ).decode(UUID.self) {
            return true
        }
        return false
    }
}

/// Writes the changes of one push inside its transaction, numbering them from the household's last sequence.
private struct ChangeWriter {
    let connection: PostgresConnection
    let logger: Logger
    let householdID: UUID
    var lastSeq: Int64

    mutating func store(_ change: PendingChange) async throws -> StoreOutcome {
        if let seq = try await appliedSeq(of: change.opID) { return .duplicate(seq: seq) }
        let current = try await entity(kind: change.kind, id: change.entityID)
        var keyHolder: StoredEntity?
        if case .namedEntity(let entity) = change.content, entity.isLive, let key = entity.semanticKey {
            keyHolder = try await holder(semanticKind: entity.kind.rawValue, key: key.rawValue, besides: change.entityID)
        }
        let decision: ChangeRules.Decision
        do {
            decision = try ChangeRules.decide(change, current: current, keyHolder: keyHolder)
        } catch let error as ChangeRules.DamagedRecord {
            throw SyncStoreError.damagedRecord(error.description)
        }
        switch decision {
        case .write(let write):
            let seq = lastSeq + 1
            try await record(change.opID, seq: seq)
            try await append(change, write, seq: seq)
            lastSeq = seq
            return .applied(seq: seq)
        case .unchanged(let seq):
            try await record(change.opID, seq: seq)
            return .applied(seq: seq)
        case .duplicate(let seq):
            try await record(change.opID, seq: seq)
            return .duplicate(seq: seq)
        case .conflict(let current):
            return .conflict(current: try JSONValue(jsonText: String(decoding: current, as: UTF8.self)))
        case .reject(let reason):
            return .rejected(reason: reason)
        }
    }

    private func appliedSeq(of opID: UUID) async throws -> Int64? {
        for try await seq in try await connection.query(
            "SELECT seq FROM operations WHERE household_id = \(householdID) AND op_id = \(opID)",
            logger: logger
        ).decode(Int64.self) {
            return seq
        }
        return nil
    }

    private func entity(kind: ChangeKind, id: String) async throws -> StoredEntity? {
        for try await (record, lastOpID, seq) in try await connection.query(
            """
            SELECT record::text, last_op_id, seq FROM entities
            WHERE household_id = \(householdID) AND kind = \(kind.rawValue) AND entity_id = \(id)
            """,
            logger: logger
        ).decode((String?, UUID, Int64).self) {
            return StoredEntity(kind: kind, entityID: id, record: record.map { Data($0.utf8) }, lastOpID: lastOpID, seq: seq)
        }
        return nil
    }

    private func holder(semanticKind: String, key: String, besides id: String) async throws -> StoredEntity? {
        for try await (entityID, record, lastOpID, seq) in try await connection.query(
            """
            SELECT entity_id, record::text, last_op_id, seq FROM entities
            WHERE household_id = \(householdID) AND semantic_kind = \(semanticKind) AND semantic_key = \(key)
              AND entity_id <> \(id)
            """,
            logger: logger
        ).decode((String, String?, UUID, Int64).self) {
            return StoredEntity(
                kind: .namedEntity, entityID: entityID, record: record.map { Data($0.utf8) }, lastOpID: lastOpID, seq: seq)
        }
        return nil
    }

    /// Records the operation id under the unique key (household, op id): a second insert of it cannot happen.
    private func record(_ opID: UUID, seq: Int64) async throws {
        try await connection.query(
            "INSERT INTO operations (household_id, op_id, seq) VALUES (\(householdID), \(opID), \(seq))",
            logger: logger
        )
    }

    private func append(_ change: PendingChange, _ write: EntityWrite, seq: Int64) async throws {
        let payload = String(decoding: try write.payload(seq: seq), as: UTF8.self)
        let record = try write.record(seq: seq).map { String(decoding: $0, as: UTF8.self) }
        let slot = write.semanticSlot
        try await connection.query(
            """
            INSERT INTO changes (household_id, seq, op_id, kind, entity_id, payload)
            VALUES (\(householdID), \(seq), \(change.opID), \(change.kind.rawValue), \(change.entityID), \(payload)::jsonb)
            """,
            logger: logger
        )
        try await connection.query(
            """
            INSERT INTO entities (household_id, kind, entity_id, record, live, semantic_kind, semantic_key, last_op_id, seq)
            VALUES (\(householdID), \(change.kind.rawValue), \(change.entityID), \(record)::jsonb, \(write.isLive),
                    \(slot?.kind), \(slot?.key), \(change.opID), \(seq))
            ON CONFLICT (household_id, kind, entity_id) DO UPDATE SET
                record = EXCLUDED.record, live = EXCLUDED.live, semantic_kind = EXCLUDED.semantic_kind,
                semantic_key = EXCLUDED.semantic_key, last_op_id = EXCLUDED.last_op_id, seq = EXCLUDED.seq
            """,
            logger: logger
        )
    }
}
