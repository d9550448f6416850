import Foundation
import GRDB
import InventoryKit
import InventoryKitTesting
import SQLiteStorage
import Testing

@Suite("Composite indexes of generic records: a declared pair answers like the reference evaluator")
struct SQLiteCompositeIndexTests {
    typealias S = SQLiteTestSupport

    static let pair = SQLiteCompositeIndex("things", equal: "k", sortedBy: "n")

    /// Fields with few distinct values, so equal values, ties, nulls and missing fields are common; `k` mixes kinds
    /// that compare equal (`1` and `1.0`).
    static func randomFields(_ random: inout SeededRandomNumberGenerator) -> [String: FieldValue] {
        var fields: [String: FieldValue] = [:]
        switch Int.random(in: 0..<6, using: &random) {
        case 0, 1: fields["k"] = .string("a")
        case 2: fields["k"] = .string("b")
        case 3: fields["k"] = .int(1)
        case 4: fields["k"] = .double(1)
        default: break
        }
        switch Int.random(in: 0..<7, using: &random) {
        case 0, 1: fields["n"] = .int(Int64.random(in: -3...3, using: &random))
        case 2: fields["n"] = .double(Double(Int.random(in: -6...6, using: &random)) / 2)
        case 3: fields["n"] = .date(Date(timeIntervalSinceReferenceDate: Double(Int.random(in: 0...3, using: &random))))
        case 4: fields["n"] = .string(["x", "y", "é"][Int.random(in: 0..<3, using: &random)])
        case 5: fields["n"] = .null
        default: break
        }
        if Bool.random(using: &random) { fields["x"] = .int(Int64.random(in: 0...4, using: &random)) }
        return fields
    }

    static func randomQuery(_ random: inout SeededRandomNumberGenerator) -> RecordQuery {
        let value: FieldValue = [.string("a"), .string("b"), .int(1), .double(1), .string("zzz")][Int.random(in: 0..<5, using: &random)]
        let filter: RecordFilter = switch Int.random(in: 0..<3, using: &random) {
        case 0: .equals("k", value)
        case 1: .and([.greaterThan("x", .int(1)), .equals("k", value)])
        default: .and([.equals("k", value), .not(.equals("n", .int(0)))])
        }
        let ascending = Bool.random(using: &random)
        func order(_ field: String) -> RecordSortKey { ascending ? .ascending(field) : .descending(field) }
        let sort: [RecordSortKey] = switch Int.random(in: 0..<3, using: &random) {
        case 0: [order("n")]
        case 1: [order("n"), .descending("x")]
        default: [.ascending("never-written"), order("n")]
        }
        return RecordQuery(filter: filter, sort: sort, limit: Int.random(in: 1...7, using: &random))
    }

    @Test("pages on a declared pair equal the reference evaluator's, with puts, moves between values and deletes between pages", arguments: [1, 2, 3] as [UInt64])
    func parityWithWritesBetweenPages(_ seed: UInt64) async throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let storage = try SQLiteStorage(
            DatabaseQueue(configuration: SQLiteStorage.makeConfiguration()), compositeIndexes: [Self.pair])
        let store = storage.domainMetadata
        var model: [RecordID: StoredRecord] = [:]
        func put(_ index: Int) async throws {
            let record = StoredRecord(id: try RecordID("r\(index)"), payload: Data("\(index)".utf8), fields: Self.randomFields(&random))
            try await store.put(record, in: "things")
            model[record.id] = StoredRecord(id: record.id, payload: record.payload, fields: record.fields, revision: (model[record.id]?.revision ?? 0) + 1)
        }
        for index in 0..<120 { try await put(index) }
        for round in 0..<60 {
            var query: RecordQuery? = Self.randomQuery(&random)
            var pages = 0
            while let current = query, pages < 200 {
                let page = try await store.query(current, in: "things")
                let reference = try RecordQueryEvaluator.page(Array(model.values), query: current)
                #expect(page.records.map(\.id) == reference.records.map(\.id), "seed \(seed), round \(round), page \(pages): \(current)")
                #expect((page.nextCursor == nil) == (reference.nextCursor == nil))
                let payloads = try await store.queryPayloads(current, in: "things")
                #expect(payloads.records.map(\.id) == page.records.map(\.id) && payloads.nextCursor == page.nextCursor)
                // A write between pages: a new record, a record moved to other values, or a deletion.
                let target = Int.random(in: 0..<150, using: &random)
                if Int.random(in: 0..<4, using: &random) == 0 {
                    let id = try RecordID("r\(target)")
                    try await store.delete(id, in: "things")
                    model[id] = nil
                } else {
                    try await put(target)
                }
                query = current.after(page.nextCursor)
                pages += 1
            }
        }
        // Every record of the collection has its row in the pair's table, and no other row is there.
        let rows = try await storage.reader.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record_composite_values JOIN record_composites USING (composite) WHERE scope = 'domain'")
        }
        #expect(rows == model.count)
    }

    @Test("a query with the pair's equal value and sort field reads the pair's rows, other queries do not")
    func queriesOnThePairReadItsRows() async throws {
        let queue = try DatabaseQueue(configuration: SQLiteStorage.makeConfiguration())
        let storage = try SQLiteStorage(queue, compositeIndexes: [Self.pair])
        let store = storage.domainMetadata
        let records: [StoredRecord] = try (0..<10).map { index in
            let fields: [String: FieldValue] = ["k": .string(index % 2 == 0 ? "a" : "b"), "n": .int(Int64(index))]
            return StoredRecord(id: try RecordID("r\(index)"), payload: Data(), fields: fields)
        }
        try await store.apply(records.map { RecordWrite.put($0, in: "things") })
        let query = RecordQuery(filter: .equals("k", .string("a")), sort: [.descending("n")])
        #expect(try await store.query(query, in: "things").records.map(\.id.rawValue) == ["r8", "r6", "r4", "r2", "r0"])
        // With the pair's rows gone (outside damage), the pair's query finds nothing: it reads the pair alone.
        try await queue.write { db in try db.execute(sql: "DELETE FROM record_composite_values") }
        #expect(try await store.query(query, in: "things").records.isEmpty)
        let unpaired = [
            RecordQuery(filter: .equals("k", .string("a")), sort: [.descending("x"), .ascending("k")]),
            RecordQuery(filter: .equals("n", .int(4)), sort: [.descending("n")]),
            RecordQuery(filter: .equals("k", .string("a"))),
        ]
        for other in unpaired {
            #expect(!(try await store.query(other, in: "things").records.isEmpty), "\(other)")
        }
    }

    @Test("declaring a pair on a file with records builds it from them; opening without it removes it and queries stay right")
    func declareOnExistingFileThenRemove() async throws {
        let path = S.temporaryDatabasePath()
        let records: [StoredRecord] = try (0..<30).map { index in
            var fields: [String: FieldValue] = ["n": .int(Int64(index % 7))]
            if index % 5 != 0 { fields["k"] = .string(index % 3 == 0 ? "a" : "b") }
            return StoredRecord(id: try RecordID("r\(index)"), payload: Data(), fields: fields)
        }
        do {
            let plain = try SQLiteStorage(path: path)
            try await plain.domainMetadata.apply(records.map { RecordWrite.put($0, in: "things") })
            try await plain.userMetadata.put(records[1], in: "things")
            try plain.close()
        }
        let queries = [
            RecordQuery(filter: .equals("k", .string("a")), sort: [.ascending("n")], limit: 3),
            RecordQuery(filter: .equals("k", .string("b")), sort: [.descending("n")], limit: 4),
        ]
        func checkPages(_ storage: SQLiteStorage) async throws {
            for first in queries {
                var query: RecordQuery? = first
                var seen: [RecordID] = []
                while let current = query {
                    let page = try await storage.domainMetadata.query(current, in: "things")
                    seen += page.records.map(\.id)
                    query = current.after(page.nextCursor)
                }
                let expected = try RecordQueryEvaluator.page(records, query: RecordQuery(filter: first.filter, sort: first.sort, limit: 100))
                #expect(seen == expected.records.map(\.id), "\(first)")
            }
        }
        func counts(_ storage: SQLiteStorage) async throws -> [Int] {
            try await storage.reader.read { db in
                [try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record_composites") ?? -1,
                 try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record_composite_values") ?? -1]
            }
        }
        do {
            let paired = try SQLiteStorage(path: path, compositeIndexes: [Self.pair, Self.pair])
            #expect(try await counts(paired) == [2, 31])  // both scopes; 30 domain records and 1 user record
            try await checkPages(paired)
            try paired.close()
        }
        let plain = try SQLiteStorage(path: path)
        #expect(try await counts(plain) == [0, 0])
        try await checkPages(plain)
        try plain.close()
    }

    @Test("a pair of one field or with an empty field name is refused when the storage opens, before anything is written")
    func invalidDeclarations() throws {
        for index in [
            SQLiteCompositeIndex("things", equal: "n", sortedBy: "n"),
            SQLiteCompositeIndex("things", equal: "", sortedBy: "n"),
            SQLiteCompositeIndex("things", equal: "k", sortedBy: ""),
        ] {
            let error = #expect(throws: StorageError.self) {
                _ = try SQLiteStorage(DatabaseQueue(configuration: SQLiteStorage.makeConfiguration()), compositeIndexes: [index])
            }
            switch error {
            case .invalidQuery?: break
            default: Issue.record("\(index): expected invalidQuery, got \(String(describing: error))")
            }
        }
    }
}
