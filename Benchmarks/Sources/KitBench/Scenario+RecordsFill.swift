import Foundation
import InventoryKit
import InventoryModule
import SQLiteStorage

// MARK: - Generic records: a StorageInventoryRemote filled on SQLiteStorage

extension Scenario {
    /// N inventory journal entries pushed into a `StorageInventoryRemote` on `SQLiteStorage` in one push (one
    /// commit: its duplicate check reads the ids in batches), against one transaction inserting the same entries,
    /// encoded, into a hand-made `(entry_id, household, sequence, payload)` table with a `(household, sequence)`
    /// index through the C API.
    ///
    /// Pushes of the sync strategy's batch size (200) instead cost one commit each; on 100 000 random ids each
    /// commit rewrites pages all over the record, id and field-index B-trees, which a single commit writes once.
    static let recordsFillRemote = Scenario(
        name: "records.fill-remote",
        summary: "StorageInventoryRemote.push of N journal entries (one push) on SQLiteStorage vs one C API transaction inserting the same rows",
        target: 3,
        timed: Timed(
            ours: "StorageInventoryRemote.push of N entries: duplicate check and one commit; storage opened before",
            baseline: "one C API transaction: each entry encoded (RecordCoding) and inserted into a table of one extra "
                + "index (2 MiB cache)")
    ) { fixtures in
        let name = "records.fill-remote"
        let count = fixtures.configuration.productCount
        let entries = (0..<count).map(RecordBenchData.journalEntry)
        let expected = try JournalDigest(entries)
        let template = try await fixtures.emptyTemplate()
        let digests = JournalDigests()
        return ScenarioRun(
            ours: {
                let path = try await fixtures.copy(template, as: "fill-remote-ours.sqlite")
                let storage = try SQLiteStorage(path: path)
                let remote = StorageInventoryRemote(storage: storage)
                let seconds = try await Stopwatch.time { _ = try await remote.push(entries) }
                // What the remote serves back, page by page (untimed).
                var served: [InventoryJournalEntry] = []
                var cursor: Int64?
                while true {
                    let batch = try await remote.changes(of: InventoryBenchData.household, after: cursor, limit: 5_000)
                    served += batch.entries
                    cursor = batch.cursor
                    guard batch.hasMore else { break }
                }
                await digests.record(try JournalDigest(served), side: .ours)
                try storage.close()
                fixtures.removeDatabase(path)
                return seconds
            },
            baseline: {
                let path = try await fixtures.copy(template, as: "fill-remote-baseline.sqlite")
                let database = try RawDatabase(path: path)
                try database.execute(
                    """
                    CREATE TABLE raw_remote_journal (entry_id TEXT NOT NULL PRIMARY KEY, household TEXT NOT NULL,
                        sequence INTEGER NOT NULL, payload BLOB NOT NULL);
                    CREATE INDEX raw_remote_journal_by_household ON raw_remote_journal (household, sequence);
                    """)
                let insert = try database.prepare(
                    "INSERT INTO raw_remote_journal (entry_id, household, sequence, payload) VALUES (?1, ?2, ?3, ?4)")
                let seconds = try Stopwatch.timeSync {
                    try database.execute("BEGIN")
                    for (index, entry) in entries.enumerated() {
                        insert.bind(1, entry.id.uuidString)
                        insert.bind(2, entry.householdID.rawValue)
                        insert.bind(3, Int64(index + 1))
                        insert.bind(4, try RecordCoding.encode(entry))
                        try insert.run()
                    }
                    try database.execute("COMMIT")
                }
                let read = try database.prepare("SELECT payload FROM raw_remote_journal ORDER BY sequence")
                var stored: [InventoryJournalEntry] = []
                while try read.step() { stored.append(try RecordCoding.decode(InventoryJournalEntry.self, from: read.data(0))) }
                await digests.record(try JournalDigest(stored), side: .baseline)
                fixtures.removeDatabase(path)
                return seconds
            },
            verify: { try await digests.verify(name, expected: expected) })
    }
}
