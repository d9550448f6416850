import Foundation
import GRDB
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import SQLiteStorage
import Testing

@Suite("SQLiteStorage as a StorageProvider")
struct SQLiteStorageConformanceTests {
    typealias S = SQLiteTestSupport

    @Test("passes the StorageProvider conformance suite on a database file (DatabasePool, WAL)")
    func fileConformance() async {
        let report = await StorageProviderConformance { try SQLiteStorage(path: S.temporaryDatabasePath()) }.run()
        #expect(report.failures == [])
        #expect(report.passed == StorageProviderConformance.checkNames)
    }

    @Test("passes the StorageProvider conformance suite in memory (DatabaseQueue)")
    func inMemoryConformance() async {
        let report = await StorageProviderConformance { try SQLiteStorage.inMemory() }.run()
        #expect(report.failures == [])
        #expect(report.passed == StorageProviderConformance.checkNames)
    }

    @Test("a file database opens in WAL mode with synchronous = NORMAL and foreign keys on")
    func pragmas() async throws {
        let storage = try SQLiteStorage(path: S.temporaryDatabasePath())
        let (journal, synchronous, foreignKeys) = try await storage.reader.read { db in
            (
                try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA synchronous"),
                try Bool.fetchOne(db, sql: "PRAGMA foreign_keys")
            )
        }
        #expect(journal == "wal")
        #expect(synchronous == 1)
        #expect(foreignKeys == true)
    }

    @Test("records and blobs survive closing and reopening the file")
    func reopen() async throws {
        let path = S.temporaryDatabasePath()
        let first = try SQLiteStorage(path: path)
        let id = try RecordID("../../etc/passwd")
        try await first.domainMetadata.put(
            StoredRecord(id: id, payload: Data("x".utf8), fields: ["n": .int(Int64.max), "d": .date(S.t0)]), in: "things")
        try await first.userData.write(Data("blob".utf8), to: id)
        try first.close()
        let second = try SQLiteStorage(path: path)
        let record = try await second.domainMetadata.record(id, in: "things")
        #expect(record?.revision == 1)
        #expect(record?.fields == ["n": .int(Int64.max), "d": .date(S.t0)])
        #expect(try await second.userData.read(id) == Data("blob".utf8))
    }

    @Test("every FieldValue kind reads back exactly, also non-finite doubles", arguments: [
        FieldValue.null, .bool(false), .int(Int64.min), .double(-0.1), .double(.infinity), .double(-.infinity),
        .string("é\u{301} \"quoted\" \\ /"), .date(Date(timeIntervalSinceReferenceDate: 1.000_000_1)),
    ])
    func fieldRoundTrip(_ value: FieldValue) async throws {
        let storage = try SQLiteStorage.inMemory()
        try await storage.userMetadata.put(StoredRecord(id: try RecordID("r"), payload: Data(), fields: ["f": value]), in: "t")
        let stored = try await storage.userMetadata.record(try RecordID("r"), in: "t")
        #expect(stored?.fields["f"] == value)
        #expect(stored?.payload == Data())
    }

    @Test("the inventory module works through the generic provider (StorageInventoryStore)")
    func inventoryThroughGenericProvider() async {
        let report = await InventoryStoreConformance { StorageInventoryStore(storage: try SQLiteStorage.inMemory()) }.run()
        #expect(report.failures == [])
        #expect(report.passed == InventoryStoreConformance.checkNames)
    }

    @Test("the native inventory journal store passes the inventory store conformance suite")
    func nativeInventoryStore() async {
        let report = await InventoryStoreConformance {
            SQLiteInventoryStore(storage: try SQLiteStorage(path: S.temporaryDatabasePath()))
        }.run()
        #expect(report.failures == [])
        #expect(report.passed == InventoryStoreConformance.checkNames)
    }
}
