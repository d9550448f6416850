import Foundation
import GRDB
import SQLiteStorage
import Testing

@Suite("SQLite connections are configured as documented")
struct SQLiteConfigurationTests {
    @Test("a pool's writing connection has a 32 MiB page cache; its readers keep SQLite's default")
    func writerCacheIsLarger() async throws {
        let path = SQLiteTestSupport.temporaryDatabasePath()
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pool = try DatabasePool(path: path, configuration: SQLiteStorage.makeConfiguration())
        let writer = try await pool.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
        let reader = try await pool.read { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
        let synchronous = try await pool.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(writer == -32_768)
        #expect(reader == -2_000)
        #expect(synchronous == 1)  // NORMAL
        try pool.close()
    }
}
