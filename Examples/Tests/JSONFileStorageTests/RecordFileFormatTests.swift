import Foundation
import InventoryKit
import JSONFileStorage
import Testing

@Suite("JSONFileStorage record files")
struct RecordFileFormatTests {
    /// One value of every `FieldValue` case, with the edges of each (64-bit integers, non-finite and negative
    /// numbers, fractional and distant dates, escapes and non-ASCII text).
    static let everyKind: [String: FieldValue] = [
        "null": .null,
        "true": .bool(true),
        "false": .bool(false),
        "int": .int(42),
        "int.max": .int(.max),
        "int.min": .int(.min),
        "double": .double(-2.5e-300),
        "double.third": .double(1.0 / 3.0),
        "double.inf": .double(.infinity),
        "double.-inf": .double(-.infinity),
        "double.nan": .double(.nan),
        "string": .string("crunchy milk 7"),
        "string.empty": .string(""),
        "string.escapes": .string("a/b \"quoted\" \\ tab\t line\n é ☕️ \u{1}"),
        "string.json-like": .string(#"["string","not a tag"]"#),
        "date": .date(Date(timeIntervalSinceReferenceDate: 786_123_456.123_456_7)),
        "date.negative": .date(Date(timeIntervalSinceReferenceDate: -1e9 - 0.25)),
    ]

    /// Whether two field sets are equal, NaN matching NaN.
    static func same(_ lhs: [String: FieldValue], _ rhs: [String: FieldValue]) -> Bool {
        guard Set(lhs.keys) == Set(rhs.keys) else { return false }
        return lhs.allSatisfy { name, value in
            if case .double(let left) = value, left.isNaN, case .double(let right)? = rhs[name] { return right.isNaN }
            return rhs[name] == value
        }
    }

    static func recordFile(_ folder: URL, collection: String, name: String, scope: String = "domain") -> URL {
        folder.appendingPathComponent("\(scope)/metadata/\(collection)/\(name).json")
    }

    @Test("a record file in the pre-tagged synthesized form still opens with every field kind")
    func legacyFileOpens() async throws {
        let folder = temporaryFolder()
        let storage = try await JSONFileStorage(root: folder)
        try await storage.domainMetadata.put(StoredRecord(id: try RecordID("placeholder"), payload: Data()), in: "things")
        await storage.close()
        // Written by hand exactly as the store wrote files before the tagged form.
        let legacy = #"{"fields":{"b":{"bool":{"_0":true}},"d":{"date":{"_0":786123456.5}},"i":{"int":{"_0":-9223372036854775808}},"#
            + #""n":{"null":{}},"s":{"string":{"_0":"lait \/ \"entier\""}},"x":{"double":{"_0":2.5}}},"#
            + #""id":"old\/one","payload":"eyJ0aXRsZSI6ImxhaXQifQ==","revision":7}"#
        try Data(legacy.utf8).write(to: Self.recordFile(folder, collection: "things", name: "old%2Fone"))

        let reopened = try await JSONFileStorage(root: folder)
        #expect(await reopened.integrityIssues.isEmpty)
        let record = try #require(try await reopened.domainMetadata.record(try RecordID("old/one"), in: "things"))
        #expect(record.revision == 7)
        #expect(record.payload == Data(#"{"title":"lait"}"#.utf8))
        #expect(record.fields == [
            "b": .bool(true), "d": .date(Date(timeIntervalSinceReferenceDate: 786_123_456.5)), "i": .int(.min),
            "n": .null, "s": .string(#"lait / "entier""#), "x": .double(2.5),
        ])
        let matches = try await reopened.domainMetadata.query(
            RecordQuery(filter: .equals("s", .string(#"lait / "entier""#))), in: "things")
        #expect(matches.records.map(\.id) == [try RecordID("old/one")])
    }

    @Test("a journal left in the pre-tagged form is re-applied on open")
    func legacyJournalReplays() async throws {
        let folder = temporaryFolder()
        let storage = try await JSONFileStorage(root: folder)
        await storage.close()
        let record = #"{"fields":{"k":{"string":{"_0":"v"}},"n":{"int":{"_0":3}}},"id":"p1","payload":"djI=","revision":2}"#
        let journal = #"{"operations":[{"collection":"products","id":"p1","record":\#(record),"scope":"domain"}]}"#
        try Data(journal.utf8).write(to: folder.appendingPathComponent("journal.json"))

        let reopened = try await JSONFileStorage(root: folder)
        let replayed = try #require(try await reopened.domainMetadata.record(try RecordID("p1"), in: "products"))
        #expect(replayed.fields == ["k": .string("v"), "n": .int(3)])
        #expect(replayed.revision == 2)
    }

    @Test("new record files hold every field kind as tagged arrays and read back exactly")
    func taggedFieldsRoundTrip() async throws {
        let folder = temporaryFolder()
        let storage = try await JSONFileStorage(root: folder)
        let id = try RecordID("every-kind")
        try await storage.userMetadata.put(StoredRecord(id: id, payload: Data("p".utf8), fields: Self.everyKind), in: "kinds")
        #expect(Self.same(try #require(try await storage.userMetadata.record(id, in: "kinds")).fields, Self.everyKind))
        await storage.close()

        let text = try String(decoding: Data(contentsOf: Self.recordFile(folder, collection: "kinds", name: "every-kind", scope: "user")), as: UTF8.self)
        #expect(text.contains(#""int":["int",42]"#))
        #expect(text.contains(#""string":["string","crunchy milk 7"]"#))
        #expect(text.contains(#""null":null"#))
        #expect(text.contains(#""double.nan":["double","nan"]"#))
        #expect(!text.contains("_0"), "a field was written in the synthesized enum form")

        let reopened = try await JSONFileStorage(root: folder)
        #expect(await reopened.integrityIssues.isEmpty)
        let record = try #require(try await reopened.userMetadata.record(id, in: "kinds"))
        #expect(Self.same(record.fields, Self.everyKind), "read back \(record.fields)")
        #expect(record.payload == Data("p".utf8) && record.revision == 1)
        for (name, value) in Self.everyKind {
            guard case .int(let number) = value else { continue }
            guard case .int(let read)? = record.fields[name] else {
                Issue.record("\(name) did not read back as an integer: \(String(describing: record.fields[name]))")
                continue
            }
            #expect(read == number)
        }
    }

    @Test("corrupt files among thousands read side by side are each reported; every other record opens")
    func corruptFilesAmongMany() async throws {
        let folder = temporaryFolder()
        let storage = try await JSONFileStorage(root: folder)
        let count = 3_000
        let writes = try (0..<count).map { index in
            RecordWrite.put(
                StoredRecord(id: try RecordID("r\(index)"), payload: Data("payload \(index)".utf8), fields: ["n": .int(Int64(index))]),
                in: "many")
        }
        try await storage.domainMetadata.apply(writes)
        await storage.close()
        let broken = [7, 1_234, 2_999]
        for index in broken {
            let file = Self.recordFile(folder, collection: "many", name: "r\(index)")
            let original = try Data(contentsOf: file)
            try (index == 7 ? Data("\u{0}garbage".utf8) : original.prefix(original.count / 2)).write(to: file)
        }

        let reopened = try await JSONFileStorage(root: folder)
        let issues = await reopened.integrityIssues
        let reported = issues.compactMap { issue -> String? in
            guard case .corruptFile(let path, _) = issue else { return nil }
            return path
        }
        #expect(Set(reported) == Set(broken.map { Self.recordFile(folder, collection: "many", name: "r\($0)").path }))
        #expect(issues.count == broken.count)
        #expect(try await reopened.domainMetadata.count(matching: nil, in: "many") == count - broken.count)
        for index in broken {
            await #expect(throws: StorageError.self) { _ = try await reopened.domainMetadata.record(try RecordID("r\(index)"), in: "many") }
        }
        // `all` is strict (it throws the damage); pages list the readable records and name the broken ones.
        await #expect(throws: StorageError.self) { try await reopened.domainMetadata.all(in: "many") }
        var all: [StoredRecord] = []
        var damaged: [DamagedRecord] = []
        var next: RecordQuery? = RecordQuery(limit: RecordQuery.maximumLimit)
        while let query = next {
            let page = try await reopened.domainMetadata.query(query, in: "many")
            all += page.records
            damaged += page.damaged
            next = query.after(page.nextCursor)
        }
        #expect(Set(damaged.compactMap(\.id?.rawValue)) == Set(broken.map { "r\($0)" }) && damaged.count == broken.count)
        #expect(all.count == count - broken.count)
        #expect(all.allSatisfy { record in
            guard case .int(let index)? = record.fields["n"] else { return false }
            return record.id.rawValue == "r\(index)" && record.payload == Data("payload \(index)".utf8)
        })
    }
}
