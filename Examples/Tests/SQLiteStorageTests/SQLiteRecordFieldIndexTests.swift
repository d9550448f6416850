import Foundation
import GRDB
import InventoryKit
import SQLiteStorage
import Testing

@Suite("The field index of generic records: migration and damage")
struct SQLiteRecordFieldIndexTests {
    typealias S = SQLiteTestSupport

    /// A `records` row as the stores before v4 wrote it: fields as tagged JSON text.
    private static func insertRow(_ db: Database, scope: String = "domain", id: String, fields: String, payload: String = "p") throws {
        try db.execute(
            sql: "INSERT INTO records (scope, collection, id, revision, payload, fields) VALUES (?, 'things', ?, 2, ?, ?)",
            arguments: [scope, id, Data(payload.utf8), fields])
    }

    @Test("a database of schema v3 gets the field index built from its records: sorted, filtered and counted queries, damaged rows named")
    func migrateRecordsFromV3() async throws {
        let path = S.temporaryDatabasePath()
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            let v3 = try DatabaseQueue(path: path, configuration: SQLiteStorage.makeConfiguration())
            try SQLiteStorage.migrator.migrate(v3, upTo: "v3")
            try await v3.write { db in
                try Self.insertRow(db, id: "a", fields: #"{"n":["int",3],"t":["string","milk"]}"#)
                try Self.insertRow(db, id: "b", fields: #"{"n":["double","nan"]}"#)
                try Self.insertRow(db, id: "c", fields: #"{"n":["date",1.5],"t":["string","bread"]}"#)
                try Self.insertRow(db, id: "d", fields: #"{"n":["what",1]}"#)
                try Self.insertRow(db, id: "e", fields: #"{"late":["bool",true],"n":["string","x"]}"#)
                try Self.insertRow(db, scope: "user", id: "a", fields: #"{"n":["int",-9]}"#)
            }
            try v3.close()
        }
        let storage = try SQLiteStorage(path: path)
        let applied = try await storage.reader.read { db in try SQLiteStorage.migrator.appliedMigrations(db) }
        #expect(applied == SQLiteStorage.schemaVersions && applied.contains("v4-record-field-index"))
        let store = storage.domainMetadata
        let ascending = try await store.query(RecordQuery(sort: [.ascending("n")]), in: "things")
        #expect(ascending.records.map(\.id.rawValue) == ["b", "c", "a", "e"])
        #expect(ascending.damaged.map(\.id?.rawValue) == ["d"])
        let descending = try await store.query(RecordQuery(sort: [.descending("late"), .descending("n")]), in: "things")
        #expect(descending.records.map(\.id.rawValue) == ["e", "a", "c", "b"])
        let milk = try await store.query(RecordQuery(filter: .hasPrefix("t", "mi"), sort: [.ascending("t")]), in: "things")
        #expect(milk.records.map(\.id.rawValue) == ["a"] && milk.records.first?.revision == 2)
        #expect(try await store.count(matching: .exists("t"), in: "things") == 2)
        #expect(try await storage.userMetadata.query(RecordQuery(sort: [.ascending("n")]), in: "things").records.count == 1)
        // Writes after the migration keep the index: a new record sorts among the migrated ones.
        try await store.put(StoredRecord(id: try RecordID("f"), payload: Data(), fields: ["n": .int(2)]), in: "things")
        let after = try await store.query(RecordQuery(filter: .greaterThan("n", .int(1)), sort: [.ascending("n")]), in: "things")
        #expect(after.records.map(\.id.rawValue) == ["c", "f", "a", "e"])
    }

    @Test(
        "pages of generic records list readable rows in order and name each corrupt row once, on the page where it sorts",
        arguments: [1, 2, 3, 10])
    func damagedRecordsAcrossPages(_ limit: Int) async throws {
        let queue = try DatabaseQueue(configuration: SQLiteStorage.makeConfiguration())
        let storage = try SQLiteStorage(queue)
        let records: [StoredRecord] = try (0..<8).map { index in
            let fields: [String: FieldValue] = ["n": .int(Int64(index % 4)), "k": .string(index % 2 == 0 ? "even" : "odd")]
            return StoredRecord(
                id: try RecordID("id-\(index)"), payload: Data([UInt8(index)]),
                fields: fields)
        }
        try await storage.domainMetadata.apply(records.map { RecordWrite.put($0, in: "things") })
        let bad = ["id-1", "id-4", "id-7"]
        try await queue.write { db in
            for id in bad { try db.execute(sql: "UPDATE records SET fields = '{' WHERE id = ?", arguments: [id]) }
        }
        let good = records.filter { !bad.contains($0.id.rawValue) }
        for (filter, sort) in [
            (nil, []), (nil, [RecordSortKey.ascending("n")]), (nil, [.descending("n")]),
            (.equals("k", .string("even")), []), (.equals("k", .string("odd")), [.descending("n"), .ascending("k")]),
        ] as [(RecordFilter?, [RecordSortKey])] {
            var listed: [RecordID] = []
            var damaged: [RecordID?] = []
            var query: RecordQuery? = RecordQuery(filter: filter, sort: sort, limit: limit)
            var pages = 0
            while let current = query, pages < 20 {
                let page = try await storage.domainMetadata.query(current, in: "things")
                #expect(page.records.count <= limit)
                listed += page.records.map(\.id)
                damaged += page.damaged.map(\.id)
                query = current.after(page.nextCursor)
                pages += 1
            }
            let expected = try RecordQueryEvaluator.page(good, query: RecordQuery(filter: filter, sort: sort, limit: 100))
            #expect(listed == expected.records.map(\.id), "\(String(describing: filter)) \(sort)")
            let expectedDamage = records.filter { bad.contains($0.id.rawValue) && RecordQueryEvaluator.matches(filter, $0) }
            #expect(damaged.count == expectedDamage.count, "\(String(describing: filter)) \(sort): \(damaged)")
            #expect(Set(damaged) == Set(expectedDamage.map(\.id)), "\(String(describing: filter)) \(sort)")
        }
    }

    @Test("a failed precondition leaves the field index as it was")
    func failedBatchLeavesTheIndex() async throws {
        let queue = try DatabaseQueue(configuration: SQLiteStorage.makeConfiguration())
        let storage = try SQLiteStorage(queue)
        try await storage.domainMetadata.put(StoredRecord(id: try RecordID("a"), payload: Data(), fields: ["n": .int(1)]), in: "things")
        let before = try await S.dump(queue)
        await #expect(throws: StorageError.self) {
            try await storage.domainMetadata.apply([
                .put(StoredRecord(id: try RecordID("b"), payload: Data(), fields: ["new": .string("x")]), in: "things"),
                .put(StoredRecord(id: try RecordID("a"), payload: Data(), fields: [:]), in: "things", precondition: .revision(9)),
            ])
        }
        #expect(try await S.dump(queue) == before)
    }
}
