import Foundation
import GRDB
import InventoryKit
import InventorySync

/// A native outbox table (`product_outbox`, `inventory_outbox`): one row per entry, keyed by operation id, with
/// the columns the sync engine looks entries up by and the whole entry as a JSON payload.
///
/// Orders match the kit's generic stores: enqueue order is `sequence` then the operation id's text (the
/// lowercase UUID a `RecordID` holds), as `OutboxEntry.dueQuery` sorts with the id as its tiebreak.
///
/// The highest sequence the outbox ever committed is kept in `outbox_sequence_marks`, in the row named after the
/// table, so it outlives the entries: ``raiseMark(to:_:)`` in the transaction that writes them,
/// ``lastSequence(_:)`` to read it.
struct SQLiteOutboxTable<Payload: OutboxPayload>: Sendable {
    /// An entry of this outbox.
    typealias Entry = OutboxEntry<Payload>

    /// An entry encoded for its row, ready to be written inside a transaction.
    struct EncodedEntry: Sendable {
        let operationID: String
        let entityID: String
        let sequence: Int64
        let isQuarantined: Bool
        let nextAttemptAt: Double?
        /// The enqueue time of a detached row (see ``SQLiteOutboxPayloadSource``), `nil` for a whole entry.
        let enqueuedAt: Double?
        /// The whole entry as JSON, empty for a detached row.
        let payload: Data
    }

    /// The table's name.
    let table: String
    /// Where the rows' changes live when not in the rows themselves (`nil`: each row holds its whole entry).
    let source: SQLiteOutboxPayloadSource<Payload>?

    /// A table whose rows hold their whole entries, or, with a `source`, fresh entries detached from their changes
    /// (the table must then have an `enqueued_at` column).
    init(table: String, source: SQLiteOutboxPayloadSource<Payload>? = nil) {
        self.table = table
        self.source = source
    }

    /// The start of every entry read, `SELECT`ing the key and the row's payload, and with a source the columns
    /// of a detached row and the source's payload; the outbox table is aliased `o`.
    private var selectEntries: String {
        guard let source else { return "SELECT o.operation_id, o.payload FROM \(table) o" }
        return """
            SELECT o.operation_id, o.payload, o.entity_id, o.sequence, o.quarantined, o.next_attempt_at, o.enqueued_at,
                s.\(source.payloadColumn)
            FROM \(table) o LEFT JOIN \(source.table) s ON s.\(source.keyColumn) = o.operation_id
            """
    }

    // MARK: - Reads

    /// The entries that are not quarantined, in enqueue order, up to `limit` (clamped to 1...10 000 as the
    /// kit's generic stores do).
    func pending(limit: Int, _ db: Database) throws -> [Entry] {
        let statement = try db.cachedStatement(
            sql: "\(selectEntries) WHERE o.quarantined = 0 ORDER BY o.sequence, o.operation_id LIMIT ?")
        return try decodeAll(statement, [max(1, min(limit, RecordQuery.maximumLimit))])
    }

    /// The entries due at `now` — not quarantined, no next attempt after `now` — in enqueue order, up to
    /// `limit` (clamped like ``pending(limit:_:)``). The scan follows the `(sequence, operation_id)` index and
    /// stops after `limit` rows.
    func due(at now: Date, limit: Int, _ db: Database) throws -> [Entry] {
        let statement = try db.cachedStatement(
            sql: """
                \(selectEntries)
                WHERE o.quarantined = 0 AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= ?)
                ORDER BY o.sequence, o.operation_id LIMIT ?
                """)
        return try decodeAll(statement, [now.timeIntervalSinceReferenceDate, max(1, min(limit, RecordQuery.maximumLimit))])
    }

    /// The entries of the entities `entityIDs` due at `now`, in enqueue order, up to `limit` (clamped like
    /// ``pending(limit:_:)``): the due scan narrowed to those entities.
    func due(at now: Date, limit: Int, entityIDs: Set<String>, _ db: Database) throws -> [Entry] {
        guard !entityIDs.isEmpty else { return [] }
        let placeholders = Array(repeating: "?", count: entityIDs.count).joined(separator: ", ")
        let statement = try db.makeStatement(
            sql: """
                \(selectEntries)
                WHERE o.quarantined = 0 AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= ?)
                  AND o.entity_id IN (\(placeholders))
                ORDER BY o.sequence, o.operation_id LIMIT ?
                """)
        var arguments: [any DatabaseValueConvertible] = [now.timeIntervalSinceReferenceDate]
        arguments += entityIDs.sorted().map { $0 as any DatabaseValueConvertible }
        arguments.append(max(1, min(limit, RecordQuery.maximumLimit)))
        return try decodeAll(statement, StatementArguments(arguments))
    }

    /// The quarantined entries, in enqueue order.
    func quarantined(_ db: Database) throws -> [Entry] {
        let statement = try db.cachedStatement(
            sql: "\(selectEntries) WHERE o.quarantined = 1 ORDER BY o.sequence, o.operation_id")
        return try decodeAll(statement, [])
    }

    /// The latest entry of an entity (quarantined or not), or `nil`.
    func latest(forEntity entityID: String, _ db: Database) throws -> Entry? {
        let statement = try db.cachedStatement(
            sql: """
                \(selectEntries) WHERE o.entity_id = ?
                ORDER BY o.sequence DESC, o.operation_id LIMIT 1
                """)
        return try decodeAll(statement, [entityID]).first
    }

    /// The entry of an operation, or `nil`.
    func entry(_ operationID: UUID, _ db: Database) throws -> Entry? {
        let statement = try db.cachedStatement(sql: "\(selectEntries) WHERE o.operation_id = ?")
        return try decodeAll(statement, [Self.key(operationID)]).first
    }

    /// The number of entries, quarantined ones included.
    func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM \(table)")) ?? 0
    }

    /// The highest sequence this outbox ever committed, removed entries included, or 0: its mark, or the highest
    /// sequence in the table when that is higher.
    func lastSequence(_ db: Database) throws -> Int64 {
        let statement = try db.cachedStatement(
            sql: """
                SELECT max(
                    coalesce((SELECT value FROM outbox_sequence_marks WHERE outbox = ?), 0),
                    coalesce((SELECT MAX(sequence) FROM \(table)), 0))
                """)
        return try Int64.fetchOne(statement, arguments: [table]) ?? 0
    }

    // MARK: - Writes

    /// Encodes an entry for its row; call it before the transaction starts.
    ///
    /// - Parameter detached: whether the ``source``'s row with the operation's key is written in the same
    ///   transaction and holds this very change; a fresh entry is then stored detached from it.
    /// - Throws: ``StorageError/encodingFailed(collection:id:reason:)``.
    /// - Parameter encoded: The entry's bytes as `RecordCoding` writes them, when the caller has them already.
    func encode(_ entry: Entry, detached: Bool = false, encoded: Data? = nil) throws -> EncodedEntry {
        let isDetached = source != nil && detached && SQLiteOutboxPayloadSource<Payload>.canDetach(entry)
        do {
            return EncodedEntry(
                operationID: Self.key(entry.operationID), entityID: entry.entityID, sequence: entry.sequence,
                isQuarantined: entry.isQuarantined, nextAttemptAt: entry.nextAttemptAt?.timeIntervalSinceReferenceDate,
                enqueuedAt: isDetached ? entry.enqueuedAt.timeIntervalSinceReferenceDate : nil,
                payload: isDetached ? Data() : try encoded ?? RecordCoding.encode(entry))
        } catch {
            throw StorageError.encodingFailed(
                collection: Payload.outboxCollection, id: RecordID(entry.operationID), reason: String(describing: error))
        }
    }

    /// Creates or replaces an entry (with a ``source``, its `enqueued_at` column too).
    func save(_ row: EncodedEntry, _ db: Database) throws {
        var columns = ["entity_id", "sequence", "quarantined", "next_attempt_at", "payload"]
        var values: [(any DatabaseValueConvertible)?] = [
            row.entityID, row.sequence, row.isQuarantined, row.nextAttemptAt, row.payload,
        ]
        if source != nil {
            columns.append("enqueued_at")
            values.append(row.enqueuedAt)
        }
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO \(table) (operation_id, \(columns.joined(separator: ", ")))
                VALUES (?\(String(repeating: ", ?", count: columns.count)))
                ON CONFLICT (operation_id) DO UPDATE SET
                    \(columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
                """)
        try statement.execute(arguments: StatementArguments([row.operationID] + values))
    }

    /// Raises the outbox's mark to `sequence`, never lowering it; call it in the transaction that writes the
    /// entries, with their highest sequence.
    func raiseMark(to sequence: Int64, _ db: Database) throws {
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO outbox_sequence_marks (outbox, value) VALUES (?, ?)
                ON CONFLICT (outbox) DO UPDATE SET value = max(value, excluded.value)
                """)
        try statement.execute(arguments: [table, sequence])
    }

    /// Deletes an entry (deleting a missing one is not an error).
    func delete(_ operationID: UUID, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM \(table) WHERE operation_id = ?").execute(arguments: [Self.key(operationID)])
    }

    // MARK: - Helpers

    /// The key of an operation: its lowercase UUID, as `RecordID(_:)` writes it.
    static func key(_ operationID: UUID) -> String {
        RecordID(operationID).rawValue
    }

    /// The entries of the statement's rows: their columns read row by row, their JSON decoded on every core
    /// (``ConcurrentCoding/decodeRows(_:copy:decode:)``).
    private func decodeAll(_ statement: Statement, _ arguments: StatementArguments) throws -> [Entry] {
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        return try ConcurrentCoding.decodeRows(rows, copy: storedRow) { row in
            do {
                return try entry(of: row)
            } catch {
                throw StorageError.corrupt(collection: Payload.outboxCollection, key: row.key, error: error)
            }
        }
    }

    /// The columns of a row that make its entry, read before its JSON is decoded.
    private struct StoredRow: Sendable {
        /// The operation id's text.
        let key: String
        /// The whole entry, or for a detached row its columns and the source row's change.
        let content: Result<Content, SQLiteOutboxRowError>

        enum Content: Sendable {
            case whole(Data)
            case detached(
                entityID: String, sequence: Int64, change: Data, enqueuedAt: Double, nextAttemptAt: Double?, isQuarantined: Bool)
        }
    }

    /// Reads a row's columns (a column of the wrong type is a corrupt entry, named by its key).
    private func storedRow(_ row: Row) throws -> StoredRow {
        let key = try row.decode(String.self, atIndex: 0)
        do {
            let stored = try row.decode(Data.self, atIndex: 1)
            guard let source, stored.isEmpty else { return StoredRow(key: key, content: .success(.whole(stored))) }
            guard let change = try row.decode(Data?.self, atIndex: 7) else {
                return StoredRow(key: key, content: .failure(.missingChange(source: source.table)))
            }
            guard let enqueuedAt = try row.decode(Double?.self, atIndex: 6) else {
                return StoredRow(key: key, content: .failure(.incompleteDetachedRow))
            }
            return StoredRow(
                key: key,
                content: .success(
                    .detached(
                        entityID: try row.decode(String.self, atIndex: 2), sequence: try row.decode(Int64.self, atIndex: 3),
                        change: change, enqueuedAt: enqueuedAt, nextAttemptAt: try row.decode(Double?.self, atIndex: 5),
                        isQuarantined: try row.decode(Bool.self, atIndex: 4))))
        } catch {
            throw StorageError.corrupt(collection: Payload.outboxCollection, key: key, error: error)
        }
    }

    /// The entry of a row: the whole entry the row holds, or a detached row's columns with the source row's change.
    private func entry(of row: StoredRow) throws -> Entry {
        switch try row.content.get() {
        case .whole(let stored):
            return try RecordCoding.decode(Entry.self, from: stored)
        case let .detached(entityID, sequence, change, enqueuedAt, nextAttemptAt, isQuarantined):
            guard let source, let operationID = UUID(uuidString: row.key) else { throw SQLiteOutboxRowError.incompleteDetachedRow }
            return Entry(
                operationID: operationID, entityID: entityID, sequence: sequence, payload: try source.decode(change),
                enqueuedAt: Date(timeIntervalSinceReferenceDate: enqueuedAt),
                nextAttemptAt: nextAttemptAt.map(Date.init(timeIntervalSinceReferenceDate:)), isQuarantined: isQuarantined)
        }
    }
}
