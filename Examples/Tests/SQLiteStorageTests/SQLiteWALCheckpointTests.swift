import Foundation
import GRDB
import InventoryKit
import SQLiteStorage
import Testing

/// A commit that makes the write-ahead log pass 1,000 pages leaves its checkpoint to the writer's queue: the commit
/// returns with the log not yet folded into the file, the checkpoint runs before the next write, and nothing is lost
/// or left in the log by `close()`.
@Suite("SQLite checkpoints run after the commit that needs them")
struct SQLiteWALCheckpointTests {
    typealias S = SQLiteTestSupport

    /// A pool as ``SQLiteStorage/init(path:busyTimeout:compositeIndexes:)`` opens it, with the storage's schema and
    /// its checkpoints, plus a table of 4 KB checkpoint_probe: one row fills a page.
    private static func pool(_ path: String) throws -> (SQLiteStorage, DatabasePool) {
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        let pool = try DatabasePool(path: path, configuration: SQLiteStorage.makeConfiguration())
        let storage = try SQLiteStorage(pool)
        try pool.write { db in try db.execute(sql: "CREATE TABLE checkpoint_probe (id INTEGER PRIMARY KEY, bytes BLOB NOT NULL)") }
        return (storage, pool)
    }

    private static func insert(_ rows: Range<Int>, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "INSERT INTO checkpoint_probe (id, bytes) VALUES (?, zeroblob(4000))")
        for row in rows { try statement.execute(arguments: [row]) }
    }

    /// The frames of the log already copied into the database file (`nBackfill`, at byte 96 of the wal-index in the
    /// `-shm` file: https://sqlite.org/walformat.html).
    private static func backfilledFrames(_ path: String) throws -> UInt32 {
        let index = try Data(contentsOf: URL(fileURLWithPath: path + "-shm"))
        return index.subdata(in: 96..<100).withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    }

    private static func logSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
    }

    @Test("a commit past 1,000 log pages returns before its checkpoint, which runs before the next write")
    func theCheckpointRunsAfterTheCommit() throws {
        let path = S.temporaryDatabasePath()
        let (_, pool) = try Self.pool(path)
        let (rowsRightAfter, backfilledRightAfter) = try pool.writeWithoutTransaction { db in
            try db.inTransaction {
                try Self.insert(0..<1_500, db)
                return .commit
            }
            // Still on the writer's queue: the queued checkpoint cannot have run. SQLite's automatic checkpoint would
            // have copied the log inside the commit.
            let rows = try Int.fetchOne(db, sql: "SELECT count(*) FROM checkpoint_probe")
            return (rows, try Self.backfilledFrames(path))
        }
        #expect(rowsRightAfter == 1_500)
        #expect(backfilledRightAfter == 0, "the commit copied \(backfilledRightAfter) frames into the file itself")
        // The next write runs after the queued checkpoint: the log was folded in, so this write starts it again.
        try pool.write { db in try Self.insert(1_500..<1_501, db) }
        let (frames, _) = try pool.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        #expect(frames < 10, "the log holds \(frames) frames: the large commit's were never checkpointed")
    }

    @Test("repeated large commits reuse the log instead of growing it")
    func theLogStaysTheSizeOfOneCommit() throws {
        let path = S.temporaryDatabasePath()
        let (_, pool) = try Self.pool(path)
        try pool.write { db in try Self.insert(0..<1_200, db) }
        let afterOne = Self.logSize(path)
        for round in 1..<6 {
            try pool.write { db in try Self.insert(round * 1_200..<(round + 1) * 1_200, db) }
        }
        #expect(afterOne > 1_000 * 4_096)
        #expect(Self.logSize(path) < 2 * afterOne, "the log grew from \(afterOne) to \(Self.logSize(path)) bytes")
    }

    @Test("overlapping large and small commits, readers and queued checkpoints keep every row, and close empties the log")
    func overlappingCommitsKeepEveryRow() async throws {
        let path = S.temporaryDatabasePath()
        let (storage, pool) = try Self.pool(path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<16 {
                group.addTask {
                    let size = writer.isMultiple(of: 2) ? 400 : 3
                    try await pool.write { db in try Self.insert(writer * 1_000..<writer * 1_000 + size, db) }
                }
                group.addTask {
                    let count = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM checkpoint_probe") }
                    #expect((count ?? -1) >= 0)
                }
            }
            try await group.waitForAll()
        }
        try storage.close()
        #expect(Self.logSize(path) == 0)
        let reopened = try DatabaseQueue(path: path)
        let (count, integrity) = try await reopened.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM checkpoint_probe"), try String.fetchOne(db, sql: "PRAGMA integrity_check"))
        }
        #expect(count == 8 * 400 + 8 * 3)
        #expect(integrity == "ok")
        try reopened.close()
    }

    @Test("closing while a commit queues its checkpoint leaves nothing in the log and nothing crashes", arguments: 0..<5)
    func closeDuringALargeCommit(_ attempt: Int) async throws {
        let path = S.temporaryDatabasePath()
        let (storage, pool) = try Self.pool(path)
        let commit = Task { try await pool.write { db in try Self.insert(0..<1_100, db) } }
        try storage.close()
        _ = await commit.result
        #expect(Self.logSize(path) == 0)
        let reopened = try DatabaseQueue(path: path)
        let count = try await reopened.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM checkpoint_probe") }
        // The commit ran before the close or was refused by the closed pool: all of it or none of it.
        #expect(count == 0 || count == 1_100, "attempt \(attempt): \(String(describing: count)) rows")
        try reopened.close()
    }
}
