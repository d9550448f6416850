import Foundation
import GRDB
import InventoryKit
import InventoryModule
import InventorySync

/// The inventory module's local port, native on SQLite: the journal in a table indexed by household, its outbox
/// and, per household, the pull cursor (`inventory_sync_cursor`) and the time of the last successful pull
/// (`inventory_pull_times`), in the database of a ``SQLiteStorage``.
///
/// ```swift
/// let inventory = InventoryModuleService(store: SQLiteInventoryStore(storage: storage), replicaID: device)
/// ```
///
/// ## Guarantees
/// - ``commit(_:)`` is one SQLite transaction. Journal entries are inserted with `ON CONFLICT DO NOTHING`, so an
///   entry already stored is kept as it is — decided inside the transaction, so two concurrent commits of the
///   same entry still store it once.
/// - ``entries(of:)`` reads one household's rows through its index, not the whole journal.
/// - An entry is encoded once per commit: the outbox row written with it keeps only the outbox bookkeeping and
///   reads its change from the journal row (`LEFT JOIN` on the entry id). Rows that hold whole entries (written
///   by earlier versions, or re-saved without their journal entry) read as before.
///
/// `StorageInventoryStore(storage:)` on the same ``SQLiteStorage`` works too (through the generic `records`
/// table); the two keep separate journals, so use one or the other.
public struct SQLiteInventoryStore: InventoryJournalStore {
    /// The outbox. A row written with its journal entry holds only its envelope, the change being the journal row
    /// of the operation's id, so a commit encodes each entry once; other rows hold their whole entries.
    private static let outbox = SQLiteOutboxTable<InventoryJournalChange>(
        table: "inventory_outbox",
        source: SQLiteOutboxPayloadSource(
            table: "inventory_journal", keyColumn: "entry_id", payloadColumn: "payload",
            decode: { InventoryJournalChange(entry: try RecordCoding.decode(InventoryJournalEntry.self, from: $0)) }))

    /// Access to the database.
    let dbWriter: any DatabaseWriter

    /// Creates the store on a storage's database.
    public init(storage: SQLiteStorage) {
        dbWriter = storage.dbWriter
    }

    // MARK: - Database Access: Reads

    /// Every journal entry of a household, in recording order.
    ///
    /// - Throws: `StorageError.corruptRecord` naming an entry that does not decode, or a backend failure.
    public func entries(of household: HouseholdID) async throws -> [InventoryJournalEntry] {
        try await read("read the journal of \(household)") { db in
            let statement = try db.cachedStatement(
                sql: "SELECT entry_id, payload FROM inventory_journal WHERE household_id = ? ORDER BY recorded_at, entry_id")
            return try Self.decodeEntries(Row.fetchCursor(statement, arguments: [household.rawValue]))
        }
    }

    /// Whether the household has an entry: one probe of the `(household_id, recorded_at)` index.
    public func hasEntries(of household: HouseholdID) async throws -> Bool {
        try await read("look for a journal entry of \(household)") { db in
            try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM inventory_journal WHERE household_id = ?)"),
                arguments: [household.rawValue]) ?? false
        }
    }

    /// The entries after an order key: a range of the `(household_id, recorded_at)` index, then the exact key.
    public func entries(of household: HouseholdID, after key: InventoryJournalOrderKey) async throws -> [InventoryJournalEntry] {
        try await read("read the journal of \(household)") { db in
            let statement = try db.cachedStatement(
                sql: "SELECT entry_id, payload FROM inventory_journal WHERE household_id = ? AND recorded_at >= ? ORDER BY recorded_at")
            let rows = try Row.fetchCursor(
                statement, arguments: [household.rawValue, key.recordedAt.timeIntervalSinceReferenceDate])
            return try Self.decodeEntries(rows).filter { key < $0.orderKey }
        }
    }

    /// The stored ones among these ids: one `IN` lookup on the primary key per 500 ids.
    public func storedEntryIDs(among ids: [UUID]) async throws -> Set<UUID> {
        guard !ids.isEmpty else { return [] }
        let keys = ids.map(Self.key)
        let found = try await read("read the journal") { db in
            var found: Set<String> = []
            var start = 0
            while start < keys.count {
                let chunk = Array(keys[start..<min(start + 500, keys.count)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                let statement = try db.makeStatement(sql: "SELECT entry_id FROM inventory_journal WHERE entry_id IN (\(marks))")
                found.formUnion(try String.fetchAll(statement, arguments: StatementArguments(chunk)))
                start += 500
            }
            return found
        }
        return Set(ids.filter { found.contains(Self.key($0)) })
    }

    /// Whether an entry with this id is stored.
    ///
    /// - Throws: a backend failure.
    public func containsEntry(_ id: UUID) async throws -> Bool {
        try await read("read the journal") { db in
            try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM inventory_journal WHERE entry_id = ?)"),
                arguments: [Self.key(id)]) ?? false
        }
    }

    /// The outbox entries that are not quarantined, in enqueue order, up to `limit`.
    ///
    /// - Throws: `StorageError.corruptRecord` for an entry that does not decode, or a backend failure.
    public func pendingOutbox(limit: Int) async throws -> [InventoryOutboxEntry] {
        try await read("read the inventory outbox") { db in try Self.outbox.pending(limit: limit, db) }
    }

    /// The outbox entries due at `now`, in enqueue order, up to `limit`: one indexed query on the next-attempt
    /// time.
    ///
    /// - Throws: `StorageError.corruptRecord` for an entry that does not decode, or a backend failure.
    public func dueOutbox(at now: Date, limit: Int) async throws -> [InventoryOutboxEntry] {
        try await read("read the inventory outbox") { db in try Self.outbox.due(at: now, limit: limit, db) }
    }

    /// The outbox entries of `households` due at `now`, in enqueue order, up to `limit`: the due scan narrowed
    /// to their entity ids.
    ///
    /// - Throws: `StorageError.corruptRecord` for an entry that does not decode, or a backend failure.
    public func dueOutbox(at now: Date, limit: Int, households: Set<HouseholdID>) async throws -> [InventoryOutboxEntry] {
        let entityIDs = Set(households.map(\.rawValue))
        return try await read("read the inventory outbox") { db in
            try Self.outbox.due(at: now, limit: limit, entityIDs: entityIDs, db)
        }
    }

    /// The quarantined outbox entries, in enqueue order.
    ///
    /// - Throws: `StorageError.corruptRecord` for an entry that does not decode, or a backend failure.
    public func quarantinedOutbox() async throws -> [InventoryOutboxEntry] {
        try await read("read the inventory outbox") { db in try Self.outbox.quarantined(db) }
    }

    /// The outbox entry of a journal entry, if it still waits.
    ///
    /// - Throws: `StorageError.corruptRecord` when it does not decode, or a backend failure.
    public func outboxEntry(for entryID: UUID) async throws -> InventoryOutboxEntry? {
        try await read("read the inventory outbox") { db in try Self.outbox.entry(entryID, db) }
    }

    /// The number of outbox entries, quarantined ones included.
    ///
    /// - Throws: a backend failure.
    public func outboxCount() async throws -> Int {
        try await read("count the inventory outbox") { db in try Self.outbox.count(db) }
    }

    /// The highest outbox sequence this store has ever committed (acknowledged entries included), or 0: kept in
    /// `outbox_sequence_marks`, raised in the transaction that writes the entries.
    ///
    /// - Throws: a backend failure.
    public func lastOutboxSequence() async throws -> Int64 {
        try await read("read the inventory outbox") { db in try Self.outbox.lastSequence(db) }
    }

    /// A household's position in the remote journal, or `nil` before the first pull.
    ///
    /// - Throws: a backend failure.
    public func pullCursor(of household: HouseholdID) async throws -> Int64? {
        try await read("read the pull cursor of \(household)") { db in
            try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT sequence FROM inventory_sync_cursor WHERE household_id = ?"),
                arguments: [household.rawValue])
        }
    }

    /// When a household was last pulled without a failure, or `nil` before that: its row of `inventory_pull_times`.
    ///
    /// - Throws: a backend failure.
    public func lastPullTime(of household: HouseholdID) async throws -> Date? {
        try await read("read the pull time of \(household)") { db in
            try Double.fetchOne(
                db.cachedStatement(sql: "SELECT pulled_at FROM inventory_pull_times WHERE household_id = ?"),
                arguments: [household.rawValue]
            ).map { Date(timeIntervalSinceReferenceDate: $0) }
        }
    }

    // MARK: - Database Access: Writes

    /// Applies a transaction in one SQLite transaction: journal entries (kept when already stored), removed
    /// outbox entries, outbox entries and the outbox's sequence mark, the pull cursor and the pull time.
    ///
    /// - Throws: `StorageError.encodingFailed` before anything is written, or a backend failure after a
    ///   rollback; nothing of the transaction was written then.
    public func commit(_ transaction: InventoryLocalTransaction) async throws {
        guard !transaction.isEmpty else { return }
        let entries = try transaction.entries.map { entry in
            do {
                return (
                    id: Self.key(entry.id), household: entry.householdID.rawValue,
                    recordedAt: entry.recordedAt.timeIntervalSinceReferenceDate, payload: try RecordCoding.encode(entry)
                )
            } catch {
                throw StorageError.encodingFailed(
                    collection: StorageInventoryStore.journalCollection, id: RecordID(entry.id),
                    reason: String(describing: error))
            }
        }
        let removed = transaction.removedOutboxEntries
        // An outbox row whose entry this transaction journals holds only its envelope; the journal row is its change.
        let journaled = Set(transaction.entries.map(\.id))
        let outboxEntries = try transaction.outboxEntries.map { entry in
            try Self.outbox.encode(
                entry, detached: journaled.contains(entry.operationID) && entry.payload.entry.id == entry.operationID)
        }
        let cursor = transaction.pullCursor.map { (household: $0.household.rawValue, sequence: $0.sequence) }
        let pullTime = transaction.pullTime.map {
            (household: $0.household.rawValue, at: $0.at.timeIntervalSinceReferenceDate)
        }
        let droppedCheckpoints = transaction.droppedCheckpoints
        let checkpoints = transaction.checkpoints
        let snapshot = transaction.snapshot
        @Sendable func write(_ db: Database) throws {
            if let snapshot { try Self.replaceJournal(with: snapshot, db) }
            if !entries.isEmpty {
                let insert = try db.cachedStatement(
                    sql: """
                        INSERT INTO inventory_journal (entry_id, household_id, recorded_at, payload) VALUES (?, ?, ?, ?)
                        ON CONFLICT (entry_id) DO NOTHING
                        """)
                for entry in entries {
                    try insert.execute(arguments: [entry.id, entry.household, entry.recordedAt, entry.payload])
                }
            }
            for id in removed { try Self.outbox.delete(id, db) }
            for entry in outboxEntries { try Self.outbox.save(entry, db) }
            if let highest = outboxEntries.lazy.map(\.sequence).max() { try Self.outbox.raiseMark(to: highest, db) }
            try Self.applyCheckpoints(dropped: droppedCheckpoints, saved: checkpoints, db)
            if let cursor {
                try db.cachedStatement(
                    sql: """
                        INSERT INTO inventory_sync_cursor (household_id, sequence) VALUES (?, ?)
                        ON CONFLICT (household_id) DO UPDATE SET sequence = excluded.sequence
                        """
                ).execute(arguments: [cursor.household, cursor.sequence])
            }
            if let pullTime {
                try db.cachedStatement(
                    sql: """
                        INSERT INTO inventory_pull_times (household_id, pulled_at) VALUES (?, ?)
                        ON CONFLICT (household_id) DO UPDATE SET pulled_at = excluded.pulled_at
                        """
                ).execute(arguments: [pullTime.household, pullTime.at])
            }
        }
        // A command's few rows are written on the calling thread (see `SQLiteStorage`'s "Threads"); pulled pages
        // and checkpoints go through the writer's queue.
        let rows = checkpoints.isEmpty && droppedCheckpoints.isEmpty
            ? entries.count + removed.count + outboxEntries.count : .max
        try await SQLiteStorage.write(dbWriter, "commit inventory journal entries", rows: rows, write)
    }

    // MARK: - Helpers

    /// Decodes journal rows `(entry_id, payload)`.
    private static func decodeEntries(_ rows: RowCursor) throws -> [InventoryJournalEntry] {
        // A payload that is not a blob is a corrupt entry, named by its key like one that does not decode.
        try ConcurrentCoding.decodeRows(rows) { row in
            (try row.decode(String.self, atIndex: 0), Result<Data, any Error> { try row.decode(Data.self, atIndex: 1) })
        } decode: { key, payload in
            do {
                return try RecordCoding.decode(InventoryJournalEntry.self, from: try payload.get())
            } catch {
                throw StorageError.corrupt(collection: StorageInventoryStore.journalCollection, key: key, error: error)
            }
        }
    }

    /// The key of an entry: its lowercase UUID.
    private static func key(_ id: UUID) -> String {
        RecordID(id).rawValue
    }

    private func read<T: Sendable>(_ operation: String, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await SQLiteStorage.read(dbWriter, operation, body)
    }
}
