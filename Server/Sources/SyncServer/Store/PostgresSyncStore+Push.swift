import Foundation
import InventoryKit
import Logging
import PostgresNIO

extension PostgresSyncStore {
    /// Stores a batch in one transaction under the household's counter lock (see the type's documentation);
    /// each change is judged by ``ChangeRules`` against the state the transaction sees, earlier changes of the
    /// batch included.
    ///
    /// Set-based: whatever the batch's size, it reads the op ids, entities and semantic-key holders it names in
    /// three queries, judges every change in memory in order (``PushBatch``), and writes operations, changes and
    /// entities with one multi-row statement each — about ten statements per push instead of several per change.
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
            let reader = BatchReader(connection: connection, logger: logger, householdID: householdID)
            var batch = PushBatch(lastSeq: first, appliedOps: try await reader.appliedOps(changes.map(\.opID)))
            batch.load(try await reader.entities(PushBatch.entityKeys(of: changes)))
            let slots = PushBatch.claimedSlots(of: changes)
            batch.load(try await reader.holders(of: slots))
            batch.markKnown(slots)

            var outcomes: [StoreOutcome] = []
            outcomes.reserveCapacity(changes.count)
            for change in changes {
                outcomes.append(try await Self.stage(change, in: &batch, reader: reader))
            }
            try await BatchWriter(connection: connection, logger: logger, householdID: householdID).write(batch)
            if batch.lastSeq != first {
                try await connection.query(
                    "UPDATE household_seq SET last_seq = \(batch.lastSeq) WHERE household_id = \(householdID)",
                    logger: logger
                )
            }
            return outcomes
        }
    }

    /// Judges one change against the batch's view and stages what it writes.
    private static func stage(_ change: PendingChange, in batch: inout PushBatch, reader: BatchReader) async throws
        -> StoreOutcome
    {
        if let seq = batch.appliedSeq(of: change.opID) { return .duplicate(seq: seq) }
        let decision: ChangeRules.Decision
        do {
            decision = try ChangeRules.decide(
                change, current: batch.currentState(of: change), keyHolder: batch.keyHolder(for: change))
        } catch let error as ChangeRules.DamagedRecord {
            throw SyncStoreError.damagedRecord(error.description)
        }
        switch decision {
        case .write(let write):
            // A joined version may claim a slot the pushed one did not name (rare): learn its holder first.
            if let slot = batch.unknownSlot(of: write) {
                batch.load(try await reader.holders(of: [slot]))
                batch.markKnown([slot])
            }
            return .applied(seq: try batch.append(change, write))
        case .unchanged(let seq):
            batch.record(change.opID, seq: seq)
            return .applied(seq: seq)
        case .duplicate(let seq):
            batch.record(change.opID, seq: seq)
            return .duplicate(seq: seq)
        case .conflict(let current):
            return .conflict(current: try JSONValue(jsonText: String(decoding: current, as: UTF8.self)))
        case .reject(let reason):
            return .rejected(reason: reason)
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

/// Reads what a batch names, one query per kind of thing, inside the push's transaction.
private struct BatchReader {
    let connection: PostgresConnection
    let logger: Logger
    let householdID: UUID

    /// The op ids among `opIDs` applied before, with their sequence numbers.
    func appliedOps(_ opIDs: [UUID]) async throws -> [UUID: Int64] {
        let unique = Array(Set(opIDs))
        var applied: [UUID: Int64] = [:]
        guard !unique.isEmpty else { return applied }
        for try await (opID, seq) in try await connection.query(
            "SELECT op_id, seq FROM operations WHERE household_id = \(householdID) AND op_id = ANY(\(unique)::uuid[])",
            logger: logger
        ).decode((UUID, Int64).self) {
            applied[opID] = seq
        }
        return applied
    }

    /// The stored state of each of `keys` the household holds.
    func entities(_ keys: [PushBatch.EntityKey]) async throws -> [PushBatch.LoadedEntity] {
        guard !keys.isEmpty else { return [] }
        let kinds = keys.map(\.kind.rawValue)
        let ids = keys.map(\.id)
        return try await rows(
            """
            SELECT kind, entity_id, record::text, last_op_id, seq, semantic_kind, semantic_key FROM entities
            WHERE household_id = \(householdID)
              AND (kind, entity_id) IN (SELECT k, e FROM unnest(\(kinds)::text[], \(ids)::text[]) AS t(k, e))
            """
        )
    }

    /// The entities holding any of `slots`.
    func holders(of slots: [PushBatch.SemanticSlot]) async throws -> [PushBatch.LoadedEntity] {
        guard !slots.isEmpty else { return [] }
        let kinds = slots.map(\.kind)
        let keys = slots.map(\.key)
        return try await rows(
            """
            SELECT kind, entity_id, record::text, last_op_id, seq, semantic_kind, semantic_key FROM entities
            WHERE household_id = \(householdID)
              AND (semantic_kind, semantic_key) IN (
                  SELECT k, s FROM unnest(\(kinds)::text[], \(keys)::text[]) AS t(k, s))
            """
        )
    }

    private func rows(_ query: PostgresQuery) async throws -> [PushBatch.LoadedEntity] {
        var loaded: [PushBatch.LoadedEntity] = []
        for try await (kind, entityID, record, lastOpID, seq, semanticKind, semanticKey) in try await connection.query(
            query, logger: logger
        ).decode((String, String, String?, UUID, Int64, String?, String?).self) {
            guard let kind = ChangeKind(rawValue: kind) else {
                throw SyncStoreError.damagedRecord("entity \(entityID) has an unknown kind \(kind)")
            }
            var slot: PushBatch.SemanticSlot?
            if let semanticKind, let semanticKey { slot = PushBatch.SemanticSlot(kind: semanticKind, key: semanticKey) }
            loaded.append(PushBatch.LoadedEntity(
                entity: StoredEntity(
                    kind: kind, entityID: entityID, record: record.map { Data($0.utf8) }, lastOpID: lastOpID, seq: seq),
                slot: slot))
        }
        return loaded
    }
}

/// Writes a staged batch: one multi-row statement per table (plus one releasing semantic keys when needed).
private struct BatchWriter {
    let connection: PostgresConnection
    let logger: Logger
    let householdID: UUID

    /// Writes operations and entities first while another task encodes the journal payloads, then the changes:
    /// the encoding runs beside the database instead of before it.
    func write(_ batch: PushBatch) async throws {
        let changes = batch.changes
        async let payloads = Self.payloadTexts(of: changes)
        try await recordOperations(batch.operations)
        try await releaseSlots(batch.releasedSlots)
        let rows = batch.entityRows
        try await insertEntities(rows.filter { !batch.isStored($0.key) })
        try await upsertEntities(rows.filter { batch.isStored($0.key) })
        try await appendChanges(changes, payloads: try await payloads)
    }

    /// The changes' payloads as JSON text, in order.
    private static func payloadTexts(of changes: [PushBatch.ChangeRow]) async throws -> [String] {
        try changes.map { try $0.payload.text() }
    }

    /// Records op ids under the primary key (household, op id): a second insert of one cannot happen.
    private func recordOperations(_ operations: [(opID: UUID, seq: Int64)]) async throws {
        guard !operations.isEmpty else { return }
        let opIDs = operations.map(\.opID)
        let seqs = operations.map(\.seq)
        try await connection.query(
            """
            INSERT INTO operations (household_id, op_id, seq)
            SELECT \(householdID), o, s FROM unnest(\(opIDs)::uuid[], \(seqs)::bigint[]) AS t(o, s)
            """,
            logger: logger
        )
    }

    private func appendChanges(_ changes: [PushBatch.ChangeRow], payloads: [String]) async throws {
        guard !changes.isEmpty else { return }
        let seqs = changes.map(\.seq)
        let opIDs = changes.map(\.opID)
        let kinds = changes.map(\.key.kind.rawValue)
        let ids = changes.map(\.key.id)
        try await connection.query(
            """
            INSERT INTO changes (household_id, seq, op_id, kind, entity_id, payload)
            SELECT \(householdID), s, o, k, e, p::jsonb
            FROM unnest(\(seqs)::bigint[], \(opIDs)::uuid[], \(kinds)::text[], \(ids)::text[], \(payloads)::text[])
                AS t(s, o, k, e, p)
            """,
            logger: logger
        )
    }

    /// Clears the stored slots of entities that end the batch holding another one, so the unique index on
    /// (household, kind, key) never sees an old slot beside a new one while the states are written.
    private func releaseSlots(_ keys: [PushBatch.EntityKey]) async throws {
        guard !keys.isEmpty else { return }
        let kinds = keys.map(\.kind.rawValue)
        let ids = keys.map(\.id)
        try await connection.query(
            """
            UPDATE entities SET semantic_kind = NULL, semantic_key = NULL
            WHERE household_id = \(householdID)
              AND (kind, entity_id) IN (SELECT k, e FROM unnest(\(kinds)::text[], \(ids)::text[]) AS t(k, e))
            """,
            logger: logger
        )
    }

    /// Inserts the last state of entities the database did not hold (no `ON CONFLICT`, which costs a probe of
    /// the key per row; the household's lock keeps other writers from adding them meanwhile).
    private func insertEntities(_ rows: [PushBatch.EntityRow]) async throws {
        try await writeEntities(rows, onConflict: "")
    }

    /// Writes each entity's last state (one row per entity, so `ON CONFLICT` touches each row once).
    private func upsertEntities(_ rows: [PushBatch.EntityRow]) async throws {
        try await writeEntities(rows, onConflict: """
            ON CONFLICT (household_id, kind, entity_id) DO UPDATE SET
                record = EXCLUDED.record, live = EXCLUDED.live, semantic_kind = EXCLUDED.semantic_kind,
                semantic_key = EXCLUDED.semantic_key, last_op_id = EXCLUDED.last_op_id, seq = EXCLUDED.seq
            """)
    }

    private func writeEntities(_ rows: [PushBatch.EntityRow], onConflict: String) async throws {
        guard !rows.isEmpty else { return }
        // Arrays of optionals do not bind; an empty string stands for NULL (neither JSON nor a semantic key
        // is ever empty), with a flag for the slot.
        let kinds = rows.map(\.key.kind.rawValue)
        let ids = rows.map(\.key.id)
        let records = rows.map { $0.record ?? "" }
        let live = rows.map(\.isLive)
        let hasSlot = rows.map { $0.slot != nil }
        let slotKinds = rows.map { $0.slot?.kind ?? "" }
        let slotKeys = rows.map { $0.slot?.key ?? "" }
        let opIDs = rows.map(\.lastOpID)
        let seqs = rows.map(\.seq)
        try await connection.query(
            """
            INSERT INTO entities (household_id, kind, entity_id, record, live, semantic_kind, semantic_key, last_op_id, seq)
            SELECT \(householdID), k, e, NULLIF(r, '')::jsonb, l,
                   CASE WHEN h THEN sk END, CASE WHEN h THEN sv END, o, s
            FROM unnest(\(kinds)::text[], \(ids)::text[], \(records)::text[], \(live)::boolean[], \(hasSlot)::boolean[],
                        \(slotKinds)::text[], \(slotKeys)::text[], \(opIDs)::uuid[], \(seqs)::bigint[])
                AS t(k, e, r, l, h, sk, sv, o, s)
            \(unescaped: onConflict)
            """,
            logger: logger
        )
    }
}
