import ExamplesTestSupport
import Foundation
import GRDB
import InventoryKit
import InventoryModule
import InventorySync
import ProductModule
import SQLiteStorage

/// Factories for the SQLite tests.
enum SQLiteTestSupport {
    /// A fixed point in time.
    static let t0 = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// A database path in a fresh temporary folder (the folder is created by the storage).
    static func temporaryDatabasePath(_ name: String = "inventory.sqlite") -> String {
        TestFolder.path("sqlitestore").appendingPathComponent(name).path
    }

    /// A valid EAN-13 built from a number.
    static func ean13(_ number: Int) -> String {
        let body = String(format: "%012d", 400_000_000_000 + number % 100_000_000_000)
        return body + String(GTIN.checkDigit(for: body) ?? 0)
    }

    /// A deterministic UUID built from a number.
    static func uuid(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number)) ?? UUID()
    }

    /// A valid product: with a barcode (its id is the barcode) or without (a generated id).
    static func product(
        _ number: Int, barcode: Bool = false, title: String? = nil, brand: String? = nil, now: Date = t0
    ) throws -> Product {
        try Product.new(
            barcode: barcode ? ean13(number) : nil, title: title ?? "Product \(number)", brand: brand, id: uuid(number),
            now: now)
    }

    /// A journal entry numbered `number`: the household `household` created, recorded `number` seconds after
    /// ``t0``.
    static func journalEntry(_ number: Int, household: HouseholdID) -> InventoryJournalEntry {
        let id = uuid(number)
        return InventoryJournalEntry(
            id: id, householdID: household, transactionID: TransactionID(id), correlationID: CorrelationID(id),
            recordedAt: t0 + Double(number), replicaID: ReplicaID("tests"),
            operation: .createHousehold(name: "Home \(number)"))
    }

    /// The fresh outbox entry of a journal entry, enqueued when it was recorded unless told otherwise.
    static func outboxEntry(
        _ entry: InventoryJournalEntry, sequence: Int, enqueuedAt: Date? = nil
    ) -> InventoryOutboxEntry {
        InventoryOutboxEntry(
            operationID: entry.id, entityID: entry.householdID.rawValue, sequence: Int64(sequence),
            payload: InventoryJournalChange(entry: entry), enqueuedAt: enqueuedAt ?? entry.recordedAt)
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
