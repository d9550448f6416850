import Foundation
import Logging
import PostgresNIO
import SyncWire

/// Writes a staged batch: one multi-row statement per table (plus one releasing semantic keys when needed), and
/// the changes in slices of ``changesPerStatement`` rows, each slice's journal payloads not encoded yet (a body
/// without a `\u0000` escape, ``OperationPayload``) encoded while the database inserts the slice before it.
struct PushBatchWriter {
    let connection: PostgresConnection
    let logger: Logger
    let householdID: UUID

    /// Rows per `changes` insert. Encoding a journal entry's payload costs about half of what the database spends
    /// inserting its row, so in slices the encoding hides behind the inserts instead of preceding them.
    static let changesPerStatement = 2_000

    /// Writes operations and entities while another task encodes the first slice of payloads, then appends the
    /// changes slice by slice, encoding the next slice while the database inserts the current one; the last
    /// slice's statement also moves the household's head from `first` to the batch's last `seq`.
    func write(_ batch: PushBatch, movingHeadFrom first: Int64) async throws {
        let slices = stride(from: 0, to: batch.changes.count, by: Self.changesPerStatement).map {
            batch.changes[$0..<min($0 + Self.changesPerStatement, batch.changes.count)]
        }
        var encoding = slices.first.map(Self.encodingTask)
        defer { encoding?.cancel() }
        try await recordOperations(batch.operations)
        try await releaseSlots(batch.releasedSlots)
        let rows = batch.entityRows
        try await insertEntities(rows.filter { !batch.isStored($0.key) })
        try await upsertEntities(rows.filter { batch.isStored($0.key) })
        for (index, slice) in slices.enumerated() {
            guard let current = encoding else { break }
            let payloads = try await current.value
            let isLast = index + 1 == slices.count
            encoding = isLast ? nil : Self.encodingTask(slices[index + 1])
            try await appendChanges(slice, payloads: payloads, head: isLast ? batch.lastSeq : nil)
        }
        if slices.isEmpty, batch.lastSeq != first {
            try await connection.query(
                "UPDATE household_seq SET last_seq = \(batch.lastSeq) WHERE household_id = \(householdID)",
                logger: logger)
        }
    }

    /// A task encoding the payloads of `slice` as JSON text, in order.
    private static func encodingTask(_ slice: ArraySlice<PushBatch.ChangeRow>) -> Task<[String], any Error> {
        Task { try slice.map { try $0.payload.text() } }
    }

    /// Records the op ids that wrote no change row under the primary key (household, op id).
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

    /// Inserts `changes`; with a `head`, the same statement sets the household's last `seq` to it.
    private func appendChanges(_ changes: ArraySlice<PushBatch.ChangeRow>, payloads: [String], head: Int64?) async throws {
        guard !changes.isEmpty else { return }
        let rows = AppendStatement.Rows(
            householdID: householdID, seqs: changes.map(\.seq), opIDs: changes.map(\.opID),
            kinds: changes.map(\.key.kind.rawValue), ids: changes.map(\.key.id), payloads: payloads)
        if let head {
            _ = try await connection.execute(AppendMovingHeadStatement(rows: rows, head: head), logger: logger)
        } else {
            _ = try await connection.execute(AppendStatement(rows: rows), logger: logger)
        }
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

extension PushBatchWriter {
    /// Appends change rows (prepared once per connection).
    struct AppendStatement: PostgresPreparedStatement {
        typealias Row = ()

        static let sql = """
            INSERT INTO changes (household_id, seq, op_id, kind, entity_id, payload)
            SELECT $1, s, o, k, e, p::jsonb
            FROM unnest($2::bigint[], $3::uuid[], $4::text[], $5::text[], $6::text[]) AS t(s, o, k, e, p)
            """

        /// The rows' columns.
        struct Rows {
            let householdID: UUID
            let seqs: [Int64]
            let opIDs: [UUID]
            let kinds: [String]
            let ids: [String]
            let payloads: [String]

            func append(to bindings: inout PostgresBindings) {
                bindings.append(householdID)
                bindings.append(seqs)
                bindings.append(opIDs)
                bindings.append(kinds)
                bindings.append(ids)
                bindings.append(payloads)
            }
        }

        let rows: Rows

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 6)
            rows.append(to: &bindings)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws {}
    }

    /// Appends change rows and sets the household's last `seq` in the same statement.
    struct AppendMovingHeadStatement: PostgresPreparedStatement {
        typealias Row = ()

        static let sql = """
            WITH appended AS (\(AppendStatement.sql))
            UPDATE household_seq SET last_seq = $7 WHERE household_id = $1
            """

        let rows: AppendStatement.Rows
        let head: Int64

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 7)
            rows.append(to: &bindings)
            bindings.append(head)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws {}
    }
}
