import ExamplesTestSupport
import Foundation
import GRDB
import InventoryKitTesting

/// Factories for the SQLite tests.
enum SQLiteTestSupport {
    /// A fixed point in time: `Date.fixtureEpoch`, from which `Product.fixture` and `InventoryJournalEntry.fixture`
    /// date their values.
    static let t0 = Date.fixtureEpoch

    /// A database path in a fresh temporary folder (the folder is created by the storage).
    static func temporaryDatabasePath(_ name: String = "inventory.sqlite") -> String {
        TestFolder.path("sqlitestore").appendingPathComponent(name).path
    }

    /// Every row of every table, by table name: equal dumps mean equal databases.
    static func dump(_ reader: any DatabaseReader) async throws -> [String: [[DatabaseValue]]] {
        try await reader.read { db in
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            var dump: [String: [[DatabaseValue]]] = [:]
            for table in tables {
                // Every column as the order: WITHOUT ROWID tables (the field index) have no rowid.
                let columns = try db.columns(in: table).indices.map { String($0 + 1) }.joined(separator: ", ")
                dump[table] = try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\" ORDER BY \(columns)")
                    .map { Array($0.databaseValues) }
            }
            return dump
        }
    }
}
