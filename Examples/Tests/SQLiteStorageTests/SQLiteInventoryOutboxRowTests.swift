import Foundation
import GRDB
import InventoryKit
import InventoryModule
import InventoryModuleTesting
import InventorySync
import SQLiteStorage
import Testing

/// The inventory outbox stores a fresh entry committed with its journal entry as columns only, its change being
/// the journal row, so a command encodes its entry once; every other row holds its whole entry. Both read back as
/// the entries committed, and rows written before the change keep reading.
@Suite("SQLite inventory outbox rows: detached from the journal when fresh, whole otherwise")
struct SQLiteInventoryOutboxRowTests {
    typealias S = SQLiteTestSupport

    private static let home = HouseholdID(rawValue: "home") ?? HouseholdID(UUID())

    @Test("fresh entries committed with their journal entries are stored without a payload and read back equal")
    func freshEntriesAreDetached() async throws {
        let storage = try SQLiteStorage.inMemory()
        let store = SQLiteInventoryStore(storage: storage)
        let entries = (1...4).map { InventoryJournalEntry.fixture(number: $0, in: Self.home) }
        let outbox = entries.enumerated().map { Self.outboxEntry($1, sequence: $0 + 1) }
        try await store.commit(Self.transaction(entries, outbox))

        let rows = try storage.reader.read { db in
            try Row.fetchAll(db, sql: "SELECT length(payload) AS size, enqueued_at FROM inventory_outbox")
        }
        #expect(rows.count == 4)
        #expect(rows.allSatisfy { ($0["size"] as Int?) == 0 && ($0["enqueued_at"] as Double?) != nil })
        #expect(try await store.pendingOutbox(limit: 10) == outbox)
        #expect(try await store.dueOutbox(at: S.t0 + 100, limit: 10) == outbox)
        #expect(try await store.dueOutbox(at: S.t0 + 100, limit: 10, households: [Self.home]) == outbox)
        #expect(try await store.outboxEntry(for: entries[2].id) == outbox[2])
    }

    @Test("an entry saved again after a failed push is stored whole and reads back with its attempts and error")
    func failedEntryIsStoredWhole() async throws {
        let storage = try SQLiteStorage.inMemory()
        let store = SQLiteInventoryStore(storage: storage)
        let entry = InventoryJournalEntry.fixture(number: 1, in: Self.home)
        let fresh = Self.outboxEntry(entry, sequence: 1)
        try await store.commit(Self.transaction([entry], [fresh]))
        var failed = fresh
        failed.attempts = 1
        failed.lastError = "timed out"
        failed.nextAttemptAt = S.t0 + 30
        try await store.commit(Self.transaction([], [failed]))

        let size = try await storage.reader.read { db in
            try Int.fetchOne(db, sql: "SELECT length(payload) FROM inventory_outbox")
        }
        #expect((size ?? 0) > 0)
        #expect(try await store.outboxEntry(for: entry.id) == failed)
        #expect(try await store.dueOutbox(at: S.t0 + 10, limit: 10).isEmpty)
        #expect(try await store.dueOutbox(at: S.t0 + 30, limit: 10) == [failed])
    }

    @Test("a quarantined fresh entry keeps its quarantine in the columns")
    func quarantinedFreshEntry() async throws {
        let store = SQLiteInventoryStore(storage: try SQLiteStorage.inMemory())
        let entries = (1...2).map { InventoryJournalEntry.fixture(number: $0, in: Self.home) }
        var outbox = entries.enumerated().map { Self.outboxEntry($1, sequence: $0 + 1) }
        outbox[1].isQuarantined = true
        try await store.commit(Self.transaction(entries, outbox))
        #expect(try await store.pendingOutbox(limit: 10) == [outbox[0]])
        #expect(try await store.quarantinedOutbox() == [outbox[1]])
    }

    @Test("outbox rows written whole before the schema change read the same after the migration")
    func rowsWrittenBeforeTheMigrationStillRead() async throws {
        let path = S.temporaryDatabasePath()
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        let entries = (1...3).map { InventoryJournalEntry.fixture(number: $0, in: Self.home) }
        let outbox = entries.enumerated().map { Self.outboxEntry($1, sequence: $0 + 1) }
        do {
            let queue = try DatabaseQueue(path: path)
            try SQLiteStorage.migrator.migrate(queue, upTo: "v5-inventory-checkpoints")
            try await queue.write { db in
                for (entry, queued) in zip(entries, outbox) {
                    try db.execute(
                        sql: "INSERT INTO inventory_journal (entry_id, household_id, recorded_at, payload) VALUES (?, ?, ?, ?)",
                        arguments: [
                            entry.id.uuidString.lowercased(), entry.householdID.rawValue,
                            entry.recordedAt.timeIntervalSinceReferenceDate, try RecordCoding.encode(entry),
                        ])
                    try db.execute(
                        sql: """
                            INSERT INTO inventory_outbox (operation_id, entity_id, sequence, quarantined, next_attempt_at, payload)
                            VALUES (?, ?, ?, 0, NULL, ?)
                            """,
                        arguments: [
                            queued.operationID.uuidString.lowercased(), queued.entityID, queued.sequence,
                            try RecordCoding.encode(queued),
                        ])
                }
            }
            try queue.close()
        }
        let storage = try SQLiteStorage(path: path)
        let store = SQLiteInventoryStore(storage: storage)
        #expect(try await store.pendingOutbox(limit: 10) == outbox)
        #expect(try await store.entries(of: Self.home) == entries)
        try storage.close()
    }

    @Test("a detached row whose journal row is gone is reported corrupt, naming the outbox")
    func detachedRowWithoutJournalRowIsCorrupt() async throws {
        let queue = try DatabaseQueue()
        let store = SQLiteInventoryStore(storage: try SQLiteStorage(queue))
        let entry = InventoryJournalEntry.fixture(number: 1, in: Self.home)
        try await store.commit(Self.transaction([entry], [Self.outboxEntry(entry, sequence: 1)]))
        try await queue.write { db in try db.execute(sql: "DELETE FROM inventory_journal") }
        do {
            _ = try await store.pendingOutbox(limit: 10)
            Issue.record("a detached row without its change was read")
        } catch let error as StorageError {
            #expect("\(error)".contains(InventoryJournalChange.outboxCollection.rawValue))
        }
        #expect(try await store.outboxCount() == 1)
    }

    // MARK: - Data

    /// Enqueued a moment after recording, so a read that took the journal's time for the enqueue time would show.
    private static func outboxEntry(_ entry: InventoryJournalEntry, sequence: Int) -> InventoryOutboxEntry {
        InventoryOutboxEntry.fixture(entry, sequence: sequence, enqueuedAt: entry.recordedAt + 0.25)
    }

    private static func transaction(
        _ entries: [InventoryJournalEntry], _ outbox: [InventoryOutboxEntry]
    ) -> InventoryLocalTransaction {
        var transaction = InventoryLocalTransaction()
        transaction.entries = entries
        transaction.outboxEntries = outbox
        return transaction
    }
}
