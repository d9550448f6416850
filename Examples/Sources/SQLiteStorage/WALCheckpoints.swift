import Foundation
import GRDB
import GRDBSQLite

/// Folds the write-ahead log into the database file after a commit returns, instead of inside it.
///
/// SQLite's automatic checkpoint runs in the commit that makes the log pass ``pages`` pages: that commit copies every
/// page of the log into the database file before it returns, so a large commit (an import's batch, a first pull)
/// pays for its own writing twice before its caller may go on. ``install(on:in:)`` replaces it, on the writer
/// connection of a `DatabasePool`, by a hook that queues the same passive checkpoint on the writer's queue: the
/// commit returns as soon as its transaction is in the log, and the checkpoint runs before the next write, while the
/// caller prepares that write.
///
/// The same pages are copied at the same threshold, in the same connection, so the log stays as short as SQLite
/// would keep it, and a crash at any point leaves what SQLite's own checkpoint leaves: every committed transaction,
/// in the log or in the file. A checkpoint that fails (a disk error) is left for the next one, as SQLite's automatic
/// checkpoint leaves it. Should the pool be gone while its writer connection still commits, the hook checkpoints in
/// the commit, as SQLite does.
enum WALCheckpoints {
    /// The log size, in pages, past which a commit queues a checkpoint: SQLite's own default.
    static let pages: Int32 = 1_000

    /// Replaces the automatic checkpoint of `pool`'s writer connection, `db`, by a checkpoint queued after the commit.
    ///
    /// Call it on the writer connection (inside a write access); calling it again on the same connection keeps one
    /// hook.
    static func install(on db: Database, in pool: DatabasePool) {
        guard let connection = db.sqliteConnection else { return }
        registry.register(pool, for: connection)
        sqlite3_wal_hook(connection, walHook, nil)
    }

    /// The pools whose writer connections run the hook, by connection: looked up by the hook, which SQLite calls
    /// with the connection (no pointer to a Swift object crosses into C, so none can outlive its object).
    private static let registry = Registry()

    /// Called by SQLite after every commit in WAL mode, with the log's size in pages.
    private static let walHook: @convention(c) (
        UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32
    ) -> Int32 = { _, connection, name, pages in
        guard pages >= WALCheckpoints.pages, let connection else { return SQLITE_OK }
        guard let pool = registry.pool(for: connection) else {
            // No pool to queue on: checkpoint now, as SQLite's automatic checkpoint would.
            _ = sqlite3_wal_checkpoint_v2(connection, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            return SQLITE_OK
        }
        // Queued behind the commit under way; a passive checkpoint never waits for readers. Its failure is left for
        // the next checkpoint, as SQLite leaves a failed automatic one; a connection closed meanwhile (`close()`
        // checkpointed it) has nothing left to fold.
        pool.asyncWriteWithoutTransaction { db in
            guard db.sqliteConnection != nil else { return }
            _ = try? db.checkpoint(.passive)
        }
        return SQLITE_OK
    }

    /// Writer connections and their pools, held weakly: an entry whose pool is gone is dropped at the next
    /// registration.
    private final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var pools: [OpaquePointer: Weak] = [:]

        private struct Weak {
            weak var pool: DatabasePool?
        }

        func register(_ pool: DatabasePool, for connection: OpaquePointer) {
            lock.withLock {
                pools = pools.filter { $0.value.pool != nil }
                pools[connection] = Weak(pool: pool)
            }
        }

        func pool(for connection: OpaquePointer) -> DatabasePool? {
            lock.withLock { pools[connection]?.pool }
        }
    }
}
