import Foundation
import Logging
import PostgresNIO
import SyncWire

/// Reads what a push's batch names inside its transaction, after the household's lock: whether the household
/// is live, the op ids applied before, the current state of each entity, and the holders of the slots it claims —
/// all in one statement, so a push spends one round trip on them while it holds the lock.
///
/// The read is its own statement after the lock's, never part of it: a statement sees the database as of its
/// start, and the lock's statement may have waited for the push before it to commit.
struct PushBatchReader {
    let connection: PostgresConnection
    let logger: Logger
    let householdID: UUID

    /// What the batch's changes name, as the database holds it now.
    struct Snapshot {
        /// Whether the household exists and is not erased.
        var isLive = false
        /// The op ids among the batch's applied before, with their sequence numbers.
        var appliedOps: [UUID: Int64] = [:]
        /// The stored state of the entities the batch names and of the holders of the slots it claims (an entity
        /// can be both, and then appears twice).
        var entities: [PushBatch.LoadedEntity] = []
    }

    /// Reads the household's liveness and what `changes` name: their op ids, entities and `slots`.
    func read(_ changes: [PendingChange], slots: [PushBatch.SemanticSlot]) async throws -> Snapshot {
        let keys = PushBatch.entityKeys(of: changes)
        let records = keys.filter { $0.kind != .journal }
        let statement = ReadStatement(
            householdID: householdID,
            opIDs: Array(Set(changes.map(\.opID))),
            journalIDs: keys.filter { $0.kind == .journal }.map(\.id),
            recordKinds: records.map(\.kind.rawValue),
            recordIDs: records.map(\.id),
            slotKinds: slots.map(\.kind),
            slotKeys: slots.map(\.key))
        var snapshot = Snapshot()
        // Not prepared: planned for each push's arrays. The generic plan a prepared statement settles on after
        // five runs measured slower under `server.load` (it may scan the household's rows for the arrays).
        let rows = try await connection.query(
            PostgresQuery(unsafeSQL: ReadStatement.sql, binds: try statement.makeBindings()), logger: logger
        ).map { try statement.decodeRow($0) }
        for try await row in rows {
            switch row.tag {
            case "live":
                snapshot.isLive = true
            case "op":
                if let opID = row.opID, let seq = row.seq { snapshot.appliedOps[opID] = seq }
            default:
                snapshot.entities.append(try Self.loaded(
                    kind: row.kind, entityID: row.entityID, record: row.record, lastOpID: row.opID, seq: row.seq,
                    semanticKind: row.semanticKind, semanticKey: row.semanticKey))
            }
        }
        return snapshot
    }

    /// The entities holding any of `slots` (for a joined version that claims a slot its push did not name).
    func holders(of slots: [PushBatch.SemanticSlot]) async throws -> [PushBatch.LoadedEntity] {
        guard !slots.isEmpty else { return [] }
        let kinds = slots.map(\.kind)
        let keys = slots.map(\.key)
        var loaded: [PushBatch.LoadedEntity] = []
        for try await (kind, entityID, record, lastOpID, seq, semanticKind, semanticKey) in try await connection.query(
            """
            SELECT kind, entity_id, record::text, last_op_id, seq, semantic_kind, semantic_key FROM entities
            WHERE household_id = \(householdID)
              AND (semantic_kind, semantic_key) IN (
                  SELECT k, s FROM unnest(\(kinds)::text[], \(keys)::text[]) AS t(k, s))
            """,
            logger: logger
        ).decode((String, String, String?, UUID, Int64, String?, String?).self) {
            loaded.append(try Self.loaded(
                kind: kind, entityID: entityID, record: record, lastOpID: lastOpID, seq: seq,
                semanticKind: semanticKind, semanticKey: semanticKey))
        }
        return loaded
    }

    private static func loaded(
        kind: String?, entityID: String?, record: String?, lastOpID: UUID?, seq: Int64?, semanticKind: String?,
        semanticKey: String?
    ) throws -> PushBatch.LoadedEntity {
        guard let kindName = kind, let kind = ChangeKind(rawValue: kindName), let entityID, let lastOpID, let seq else {
            throw SyncStoreError.damagedRecord(
                "an entity row of kind \(kind ?? "none") and id \(entityID ?? "none") lacks its kind, op id or seq")
        }
        var slot: PushBatch.SemanticSlot?
        if let semanticKind, let semanticKey { slot = PushBatch.SemanticSlot(kind: semanticKind, key: semanticKey) }
        return PushBatch.LoadedEntity(
            entity: StoredEntity(
                kind: kind, entityID: entityID, record: record.map { Data($0.utf8) }, lastOpID: lastOpID, seq: seq),
            slot: slot)
    }
}

extension PushBatchReader {
    /// The read. Journal entries and `operations` are looked up one element at a time through a lateral subquery
    /// with a limit: `= ANY(array)` there was planned as a scan of the household's rows, a cost that grew with its
    /// history. Each part of the union is tagged: `live` (the household is not
    /// erased), `op` (an applied op id and its seq, from a change row or from `operations`), `entity` (a journal
    /// entry's state from its change row, or an `entities` row named by kind and id or holding a claimed slot).
    struct ReadStatement {
        static let sql = """
            SELECT 'live', NULL::text, NULL::text, NULL::text, NULL::uuid, NULL::bigint, NULL::text, NULL::text
            FROM households WHERE id = $1 AND erased_at IS NULL
            UNION ALL
            SELECT 'op', NULL, NULL, NULL, op_id, seq, NULL, NULL
            FROM changes WHERE household_id = $1 AND op_id = ANY($2::uuid[])
            UNION ALL
            SELECT 'op', NULL, NULL, NULL, x.op_id, x.seq, NULL, NULL
            FROM unnest($2::uuid[]) AS t(o), LATERAL (
                SELECT op_id, seq FROM operations WHERE household_id = $1 AND op_id = t.o LIMIT 1) AS x
            UNION ALL
            SELECT 'entity', 'journal', x.entity_id, NULL, x.op_id, x.seq, NULL, NULL
            FROM unnest($3::text[]) AS t(e), LATERAL (
                SELECT entity_id, op_id, seq FROM changes
                WHERE household_id = $1 AND kind = 'journal' AND entity_id = t.e ORDER BY seq LIMIT 1) AS x
            UNION ALL
            SELECT 'entity', kind, entity_id, record::text, last_op_id, seq, semantic_kind, semantic_key
            FROM entities
            WHERE household_id = $1
              AND (kind, entity_id) IN (SELECT k, e FROM unnest($4::text[], $5::text[]) AS t(k, e))
            UNION ALL
            SELECT 'entity', kind, entity_id, record::text, last_op_id, seq, semantic_kind, semantic_key
            FROM entities
            WHERE household_id = $1
              AND (semantic_kind, semantic_key) IN (SELECT k, s FROM unnest($6::text[], $7::text[]) AS t(k, s))
            """

        /// One row of the union.
        struct Row {
            let tag: String
            let kind: String?
            let entityID: String?
            let record: String?
            let opID: UUID?
            let seq: Int64?
            let semanticKind: String?
            let semanticKey: String?
        }

        let householdID: UUID
        let opIDs: [UUID]
        let journalIDs: [String]
        let recordKinds: [String]
        let recordIDs: [String]
        let slotKinds: [String]
        let slotKeys: [String]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 7)
            bindings.append(householdID)
            bindings.append(opIDs)
            bindings.append(journalIDs)
            bindings.append(recordKinds)
            bindings.append(recordIDs)
            bindings.append(slotKinds)
            bindings.append(slotKeys)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row {
            let (tag, kind, entityID, record, opID, seq, semanticKind, semanticKey) = try row.decode(
                (String, String?, String?, String?, UUID?, Int64?, String?, String?).self)
            return Row(
                tag: tag, kind: kind, entityID: entityID, record: record, opID: opID, seq: seq,
                semanticKind: semanticKind, semanticKey: semanticKey)
        }
    }

    /// Takes the row lock that serializes the household's writers until commit, answering its last `seq`.
    struct LockStatement: PostgresPreparedStatement {
        static let sql = "UPDATE household_seq SET last_seq = last_seq WHERE household_id = $1 RETURNING last_seq"

        let householdID: UUID

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(householdID)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Int64 {
            try row.decode(Int64.self)
        }
    }
}
