import Foundation
import GRDB
import InventoryKit
import InventoryModule
import SQLiteStorage
import Testing

@Suite("SQLite inventory pull times: kept beside the pull cursor, in their own table, migrated from v5")
struct SQLiteInventoryPullTimeTests {
    typealias S = SQLiteTestSupport

    @Test("a v5 database keeps its pull cursors after v7-inventory-pull-times, with no pull time until the next successful pull")
    func migrateFromV5() async throws {
        let path = S.temporaryDatabasePath()
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        let home = try HouseholdID("home")
        do {
            let v5 = try DatabaseQueue(path: path, configuration: SQLiteStorage.makeConfiguration())
            try SQLiteStorage.migrator.migrate(v5, upTo: "v5-inventory-checkpoints")
            try await v5.write { db in
                try db.execute(sql: "INSERT INTO inventory_sync_cursor (household_id, sequence) VALUES ('home', 42)")
            }
            try v5.close()
        }
        let storage = try SQLiteStorage(path: path)
        let applied = try await storage.reader.read { db in try SQLiteStorage.migrator.appliedMigrations(db) }
        #expect(applied == SQLiteStorage.schemaVersions && applied.contains("v7-inventory-pull-times"))
        let store = SQLiteInventoryStore(storage: storage)
        #expect(try await store.pullCursor(of: home) == 42)
        #expect(try await store.lastPullTime(of: home) == nil)
        var transaction = InventoryLocalTransaction()
        transaction.pullTime = (home, Date(timeIntervalSinceReferenceDate: 800_000_000.25))
        try await store.commit(transaction)
        #expect(try await store.lastPullTime(of: home) == Date(timeIntervalSinceReferenceDate: 800_000_000.25))
        #expect(try await store.pullCursor(of: home) == 42)
    }
}
