import Foundation
import GRDB
import InventoryKit
import InventoryKitTesting
import SQLiteStorage
import Testing

@Suite("SQLite record queries give the reference evaluator's pages")
struct SQLiteRecordQueryParityTests {
    /// Values of every kind in one field, with the ties and edges of `FieldValue` order: null and NaN (both null),
    /// ints, Booleans, doubles and dates that equal each other numerically, infinities, negative zero, integers
    /// at the ends of Int64 and strings whose byte order differs from Unicode order or canonical equality.
    static let values: [FieldValue] = [
        .null, .double(.nan), .date(Date(timeIntervalSinceReferenceDate: .nan)),
        .bool(false), .bool(true), .int(0), .int(1), .int(-1), .int(2), .int(Int64.max), .int(Int64.min),
        .int(Int64.max - 1), .double(1), .double(-0.0), .double(0.5), .double(.infinity), .double(-.infinity),
        .double(1e300), .date(Date(timeIntervalSinceReferenceDate: 1)), .date(Date(timeIntervalSinceReferenceDate: 0.5)),
        .string(""), .string("a"), .string("A"), .string("ab"), .string("abc"), .string("b"), .string("é"),
        .string("e\u{301}"), .string("e"), .string("ß"), .string("z"), .string("日本"), .string("🥛"), .string("\u{10FFFF}"),
        .string("a\u{10FFFF}"), .string("a\u{10FFFF}b"), .string("1"), .string("10"), .string("café"), .string("caf"),
    ]

    /// Records that mix every kind in `v`, have `w` on some and not others, and a few ties on `g`.
    static func records() -> [StoredRecord] {
        values.indices.flatMap { index in
            (0..<2).map { copy in
                var fields: [String: FieldValue] = ["v": values[index], "g": .int(Int64(index % 3))]
                if index % 4 != copy { fields["w"] = values[(index * 7 + copy) % values.count] }
                if index % 5 == 0 { fields["s"] = .string(["x", "é", "ü"][copy + index % 2]) }
                let id = ["r", "R", "ü", "é"][(index + copy) % 4] + "-\(index)-\(copy)"
                return StoredRecord(id: RecordID(rawValue: id) ?? RecordID(UUID()), payload: Data(id.utf8), fields: fields)
            }
        }
    }

    static let sorts: [[RecordSortKey]] = [
        [], [.ascending("v")], [.descending("v")], [.ascending("w")], [.descending("w")],
        [.ascending("g"), .descending("v")], [.descending("g"), .ascending("w")], [.ascending("w"), .ascending("v")],
        [.ascending("never")], [.descending("never"), .ascending("v")], [.ascending("v"), .descending("never")],
        [.descending("s"), .descending("g"), .ascending("w")],
    ]

    static let filters: [RecordFilter] = {
        var filters: [RecordFilter] = []
        let probes: [FieldValue] = [
            .null, .double(.nan), .bool(true), .int(1), .double(0.5), .int(Int64.max), .double(.infinity),
            .double(-.infinity), .date(Date(timeIntervalSinceReferenceDate: 1)), .string(""), .string("a"),
            .string("é"), .string("🥛"), .string("\u{10FFFF}"),
        ]
        for value in probes {
            filters += [
                .equals("v", value), .notEquals("v", value), .lessThan("v", value), .lessThanOrEqual("v", value),
                .greaterThan("w", value), .greaterThanOrEqual("w", value), .not(.lessThan("w", value)),
            ]
        }
        for text in ["", "a", "a\u{10FFFF}", "\u{10FFFF}", "e", "é", "caf", "日"] {
            filters += [.hasPrefix("v", text), .contains("v", text), .not(.hasPrefix("w", text)), .not(.contains("v", text))]
        }
        filters += [
            .isIn("v", []), .isIn("v", [.null, .int(1), .string("a")]), .not(.isIn("w", [.bool(false), .string("é")])),
            .exists("v"), .exists("w"), .exists("never"), .not(.exists("w")), .equals("never", .null),
            .lessThan("never", .int(1)), .greaterThan("never", .null), .contains("never", ""),
            .and([]), .or([]), .not(.and([])), .and([.equals("g", .int(1)), .greaterThan("v", .int(0))]),
            .or([.equals("g", .int(2)), .hasPrefix("v", "a"), .not(.exists("w"))]),
            .not(.or([.equals("v", .null), .and([.lessThan("w", .string("b")), .greaterThan("w", .int(0))])])),
            .and([.equals("s", .string("é")), .or([.equals("g", .int(0)), .equals("g", .int(2))])]),
            .equals("g", .double(1)), .equals("g", .bool(true)),
        ]
        return filters
    }()

    /// A storage holding ``records()`` in `things`, written in a few batches so names register along the way.
    static func storage() async throws -> (SQLiteStorage, [StoredRecord]) {
        let storage = try SQLiteStorage.inMemory()
        let records = records()
        for chunk in stride(from: 0, to: records.count, by: 13) {
            try await storage.domainMetadata.apply(records[chunk..<min(chunk + 13, records.count)].map { .put($0, in: "things") })
        }
        return (storage, try await storage.domainMetadata.records(records.map(\.id), in: "things"))
    }

    /// Pages through `query` on the storage and on the reference, comparing every page and cursor.
    static func expectParity(
        _ query: RecordQuery, _ storage: SQLiteStorage, _ stored: [StoredRecord], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        var query = query
        var pages = 0
        while true {
            let page = try await storage.domainMetadata.query(query, in: "things")
            let reference = try RecordQueryEvaluator.page(stored, query: query)
            #expect(page.records.map(\.id) == reference.records.map(\.id), "\(query)", sourceLocation: sourceLocation)
            // Field-by-field through descriptions: a NaN is unequal to itself under `==`.
            #expect(page.records.map(describeRecord) == reference.records.map(describeRecord), sourceLocation: sourceLocation)
            #expect(page.nextCursor.map(describeCursor) == reference.nextCursor.map(describeCursor), "\(query)", sourceLocation: sourceLocation)
            #expect(page.damaged.isEmpty, sourceLocation: sourceLocation)
            pages += 1
            guard page.records.map(\.id) == reference.records.map(\.id), let next = query.after(reference.nextCursor),
                pages <= stored.count + 1
            else { break }
            query = next
        }
        let counted = try await storage.domainMetadata.count(matching: query.filter, in: "things")
        let expected = stored.filter { RecordQueryEvaluator.matches(query.filter, $0) }.count
        #expect(counted == expected, "count of \(String(describing: query.filter))", sourceLocation: sourceLocation)
    }

    /// A record's id, revision, payload and fields, NaN included, as text.
    static func describeRecord(_ record: StoredRecord) -> String {
        "\(record.id) r\(record.revision) \(record.payload.base64EncodedString()) "
            + record.fields.sorted { $0.key < $1.key }.map { "\($0.key)=\(kind($0.value)):\($0.value)" }.joined(separator: ",")
    }

    /// A cursor's sort, values (with their kinds) and last id, as text.
    static func describeCursor(_ cursor: InventoryKit.RecordCursor) -> String {
        "\(cursor.sort) \(cursor.values.map { "\(kind($0)):\($0)" }) \(cursor.lastID)"
    }

    private static func kind(_ value: FieldValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .double: "double"
        case .string: "string"
        case .date: "date"
        }
    }

    @Test("every sort order pages like the reference, one record a page: cursors on every kind of value", arguments: sorts)
    func sortsPageByPage(_ sort: [RecordSortKey]) async throws {
        let (storage, stored) = try await Self.storage()
        try await Self.expectParity(RecordQuery(sort: sort, limit: 1), storage, stored)
        try await Self.expectParity(RecordQuery(sort: sort, limit: 7), storage, stored)
    }

    @Test("every filter case, on every kind, unsorted and sorted, pages and counts like the reference", arguments: filters)
    func filtersPageByPage(_ filter: RecordFilter) async throws {
        let (storage, stored) = try await Self.storage()
        for sort in [[], [RecordSortKey.ascending("v")], [.descending("w"), .ascending("g")]] {
            try await Self.expectParity(RecordQuery(filter: filter, sort: sort, limit: 5), storage, stored)
        }
    }

    @Test("a hand-made cursor (another kind, a NaN, a value no record holds, a name never used) starts where the reference starts")
    func handMadeCursors() async throws {
        let (storage, stored) = try await Self.storage()
        let lastIDs = [try RecordID("r-5-0"), try RecordID("zzz")]
        for sort in Self.sorts where !sort.isEmpty {
            for value in [FieldValue.null, .double(.nan), .bool(true), .date(Date(timeIntervalSinceReferenceDate: 0.75)), .string("b")] {
                for lastID in lastIDs {
                    let cursor = InventoryKit.RecordCursor(sort: sort, values: sort.map { _ in value }, lastID: lastID)
                    try await Self.expectParity(RecordQuery(sort: sort, limit: 6, cursor: cursor), storage, stored)
                    try await Self.expectParity(
                        RecordQuery(filter: .not(.equals("g", .int(1))), sort: sort, limit: 4, cursor: cursor), storage, stored)
                }
            }
        }
    }

    @Test("updates that change or drop fields, deletes and names that appear late keep queries in step with the reference")
    func writesKeepTheIndex() async throws {
        let (storage, stored) = try await Self.storage()
        var current = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) })
        var random = SeededRandomNumberGenerator(seed: 7)
        for round in 0..<6 {
            var writes: [RecordWrite] = []
            for record in stored.shuffled(using: &random).prefix(12) {
                if random.next() % 4 == 0 {
                    writes.append(.delete(record.id, in: "things"))
                    current[record.id] = nil
                } else {
                    var fields = record.fields
                    fields["v"] = Self.values[Int(random.next() % UInt64(Self.values.count))]
                    if random.next() % 2 == 0 { fields["w"] = nil }
                    if round >= 3 { fields["late"] = .int(Int64(random.next() % 3)) }
                    let updated = StoredRecord(id: record.id, payload: Data("\(round)".utf8), fields: fields)
                    writes.append(.put(updated, in: "things"))
                    current[record.id] = updated
                }
            }
            try await storage.domainMetadata.apply(writes)
            let now = try await storage.domainMetadata.records(Array(current.keys), in: "things")
            #expect(now.count == current.count)
            for sort in [[RecordSortKey.descending("v")], [.ascending("late"), .descending("w")], [.ascending("w")]] {
                try await Self.expectParity(RecordQuery(sort: sort, limit: 9), storage, now)
                try await Self.expectParity(
                    RecordQuery(filter: .or([.exists("late"), .lessThan("v", .string("b"))]), sort: sort, limit: 4), storage, now)
            }
        }
    }

    @Test("the field index rows follow the records: one per record and registered name, none left after deletes")
    func indexRowsFollowRecords() async throws {
        let queue = try DatabaseQueue(configuration: SQLiteStorage.makeConfiguration())
        let storage = try SQLiteStorage(queue)
        let first = StoredRecord(id: try RecordID("a"), payload: Data(), fields: ["x": .int(1)])
        let second = StoredRecord(id: try RecordID("b"), payload: Data(), fields: ["y": .string("t")])
        try await storage.userMetadata.apply([.put(first, in: "c"), .put(second, in: "c")])
        try await storage.domainMetadata.put(first, in: "c")
        let counts = { () async throws -> [Int] in
            try await queue.read { db in
                [
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record_field_names") ?? -1,
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record_fields") ?? -1,
                ]
            }
        }
        // user/c: x and y for a and b (4 rows); domain/c: x for a.
        #expect(try await counts() == [3, 5])
        try await storage.userMetadata.apply([.delete(try RecordID("a"), in: "c"), .delete(try RecordID("missing"), in: "c")])
        #expect(try await counts() == [3, 3])
        let page = try await storage.userMetadata.query(RecordQuery(sort: [.ascending("x")]), in: "c")
        #expect(page.records.map(\.id.rawValue) == ["b"])
    }
}
