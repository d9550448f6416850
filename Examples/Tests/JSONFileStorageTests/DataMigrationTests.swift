import Foundation
import InventoryKit
import JSONFileStorage
import Testing

/// `JSONFileStorage.DataMigration`: a rewrite of one collection's payloads that runs once per store, at open,
/// before anything reads it, and finishes on the next open after a crash.
@Suite("JSONFileStorage data migrations")
struct DataMigrationTests {
    /// A folder of record files written as literal text, as an earlier version of an app left them.
    struct Fixture {
        let root = temporaryFolder()

        /// The path of a record file of `collection`.
        func path(_ id: String, scope: String = "user", collection: String = "units") -> URL {
            root.appendingPathComponent(scope).appendingPathComponent("metadata").appendingPathComponent(collection)
                .appendingPathComponent(id + ".json")
        }

        /// Writes `text` as the record file of `id`.
        func write(_ text: String, id: String, scope: String = "user", collection: String = "units") throws {
            let url = path(id, scope: scope, collection: collection)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        /// The text of a record file of `id`.
        func text(_ id: String, scope: String = "user", collection: String = "units") throws -> String {
            String(decoding: try Data(contentsOf: path(id, scope: scope, collection: collection)), as: UTF8.self)
        }

        /// The store's list of applied migrations, or `nil` when it has none.
        var manifest: String? {
            (try? Data(contentsOf: root.appendingPathComponent("migrations.json"))).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// A record file as the store writes it: one indexed field, the payload in base64, revision 3.
    static func recordFile(_ id: String, payload: String) -> String {
        #"{"fields":{"name":["string","milk"]},"id":"\#(id)","payload":"\#(Data(payload.utf8).base64EncodedString())","revision":3}"#
    }

    /// Why ``liters`` refused a payload.
    struct NotAUnit: Error {}

    /// Spells `"litre"` as `"liter"` in the payloads of the user store's `units`; throws on a payload that is not
    /// a unit, answers `nil` for one without `"litre"`.
    static let liters = JSONFileStorage.DataMigration(name: "units-liter", scope: .user, collection: "units") { payload in
        let text = String(decoding: payload, as: UTF8.self)
        guard text.hasPrefix(#"{"unit":"#) else { throw NotAUnit() }
        guard text.contains(#""litre""#) else { return nil }
        return Data(text.replacingOccurrences(of: #""litre""#, with: #""liter""#).utf8)
    }

    /// The payload of a record of the user store's `units`, as text.
    static func unit(_ id: String, in storage: JSONFileStorage) async throws -> String? {
        try await storage.userMetadata.record(try RecordID(id), in: "units").map { String(decoding: $0.payload, as: UTF8.self) }
    }

    @Test("a migration the store has not applied rewrites its collection before the first read, keeping id, revision and fields")
    func rewritesBeforeTheFirstRead() async throws {
        let fixture = Fixture()
        try fixture.write(Self.recordFile("u1", payload: #"{"unit":"litre"}"#), id: "u1")
        let unchanged = Self.recordFile("u2", payload: #"{"unit":"gram"}"#)
        try fixture.write(unchanged, id: "u2")
        let otherScope = Self.recordFile("u3", payload: #"{"unit":"litre"}"#)
        try fixture.write(otherScope, id: "u3", scope: "domain")

        let storage = try await JSONFileStorage(root: fixture.root, migrations: [Self.liters])
        let record = try #require(try await storage.userMetadata.record(try RecordID("u1"), in: "units"))
        #expect(String(decoding: record.payload, as: UTF8.self) == #"{"unit":"liter"}"#)
        #expect(record.revision == 3 && record.fields == ["name": .string("milk")])
        #expect(try fixture.text("u1") == Self.recordFile("u1", payload: #"{"unit":"liter"}"#))
        #expect(try fixture.text("u2") == unchanged, "a record the rewrite answers nil for keeps its bytes")
        #expect(try fixture.text("u3", scope: "domain") == otherScope, "the domain store's units are not the migration's")
        #expect(fixture.manifest == #"{"applied":["units-liter"]}"#)
        #expect(await storage.integrityIssues.isEmpty)
        await storage.close()
    }

    @Test("a migration runs once: a new store records it, and a store that has applied it skips it on every open")
    func runsOnce() async throws {
        let fixture = Fixture()
        let created = try await JSONFileStorage(root: fixture.root, migrations: [Self.liters])
        await created.close()
        #expect(fixture.manifest == #"{"applied":["units-liter"]}"#)

        // A record in the earlier form, put in place after the migration ran, is not rewritten again.
        let late = Self.recordFile("u1", payload: #"{"unit":"litre"}"#)
        try fixture.write(late, id: "u1")
        let reopened = try await JSONFileStorage(root: fixture.root, migrations: [Self.liters])
        #expect(try await Self.unit("u1", in: reopened) == #"{"unit":"litre"}"#)
        await reopened.close()
        #expect(try fixture.text("u1") == late)

        // A migration added later runs, and is recorded after the earlier one.
        let renamed = JSONFileStorage.DataMigration(name: "units-liter-again", scope: .user, collection: "units", rewrite: Self.liters.rewrite)
        let migrated = try await JSONFileStorage(root: fixture.root, migrations: [Self.liters, renamed])
        #expect(try await Self.unit("u1", in: migrated) == #"{"unit":"liter"}"#)
        await migrated.close()
        #expect(fixture.manifest == #"{"applied":["units-liter","units-liter-again"]}"#)
    }

    @Test("a crash midway (some files rewritten, one torn write, the migration unrecorded) is finished on the next open")
    func crashMidwayFinishes() async throws {
        let fixture = Fixture()
        try fixture.write(Self.recordFile("u1", payload: #"{"unit":"liter"}"#), id: "u1")
        try fixture.write(Self.recordFile("u2", payload: #"{"unit":"litre"}"#), id: "u2")
        try fixture.write(Self.recordFile("u3", payload: #"{"unit":"litre"}"#), id: "u3")
        let torn = fixture.path("u3").deletingLastPathComponent().appendingPathComponent(".tmp-\(UUID().uuidString)")
        try Data(#"{"fields":{"na"#.utf8).write(to: torn)
        #expect(fixture.manifest == nil)

        let storage = try await JSONFileStorage(root: fixture.root, migrations: [Self.liters])
        for id in ["u1", "u2", "u3"] {
            #expect(try await Self.unit(id, in: storage) == #"{"unit":"liter"}"#, "\(id)")
            #expect(try fixture.text(id) == Self.recordFile(id, payload: #"{"unit":"liter"}"#), "\(id)")
        }
        #expect(await storage.integrityIssues.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: torn.path), "the torn write's temporary file is removed")
        #expect(fixture.manifest == #"{"applied":["units-liter"]}"#)
        await storage.close()
    }

    @Test("a file that is no record, and a payload the rewrite cannot read, are left as they are and the open succeeds")
    func unreadableRecordsAreLeftAsTheyAre() async throws {
        let fixture = Fixture()
        let damaged = #"{"fields":{"name":["string","milk"]},"id":"u1","payl"#
        try fixture.write(damaged, id: "u1")
        let foreign = Self.recordFile("u2", payload: "litre, not a unit")
        try fixture.write(foreign, id: "u2")
        try fixture.write(Self.recordFile("u3", payload: #"{"unit":"litre"}"#), id: "u3")

        let storage = try await JSONFileStorage(root: fixture.root, migrations: [Self.liters])
        #expect(try fixture.text("u1") == damaged)
        #expect(try fixture.text("u2") == foreign)
        #expect(try await Self.unit("u2", in: storage) == "litre, not a unit")
        #expect(try await Self.unit("u3", in: storage) == #"{"unit":"liter"}"#)
        let issues = await storage.integrityIssues
        #expect(issues.count == 1 && "\(issues)".contains(fixture.path("u1").lastPathComponent), "\(issues)")
        await #expect(throws: StorageError.self) { _ = try await Self.unit("u1", in: storage) }
        #expect(fixture.manifest == #"{"applied":["units-liter"]}"#)
        await storage.close()
    }

    @Test("an unreadable list of applied migrations fails the open, naming it, and changes nothing")
    func unreadableManifestFailsTheOpen() async throws {
        let fixture = Fixture()
        let earlier = Self.recordFile("u1", payload: #"{"unit":"litre"}"#)
        try fixture.write(earlier, id: "u1")
        let manifest = fixture.root.appendingPathComponent("migrations.json")
        try Data(#"{"applied":["units-"#.utf8).write(to: manifest)

        do {
            _ = try await JSONFileStorage(root: fixture.root, migrations: [Self.liters])
            Issue.record("the store opened")
        } catch StorageError.corruptFile(let path, _) {
            #expect(path == manifest.path)
        }
        #expect(try fixture.text("u1") == earlier)
        #expect(fixture.manifest == #"{"applied":["units-"#)

        // The lock was released, and removing the list runs every migration again.
        try FileManager.default.removeItem(at: manifest)
        let storage = try await JSONFileStorage(root: fixture.root, migrations: [Self.liters])
        #expect(try await Self.unit("u1", in: storage) == #"{"unit":"liter"}"#)
        await storage.close()
    }

    @Test("a migration whose collection folder is a symbolic link rewrites nothing through it and stays unrecorded")
    func linkedFolderIsNotRecorded() async throws {
        let fixture = Fixture()
        let outside = temporaryFolder("outside")
        let planted = Self.recordFile("u1", payload: #"{"unit":"litre"}"#)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data(planted.utf8).write(to: outside.appendingPathComponent("u1.json"))
        let metadata = fixture.root.appendingPathComponent("user").appendingPathComponent("metadata")
        try FileManager.default.createDirectory(at: metadata, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: metadata.appendingPathComponent("units"), withDestinationURL: outside)

        let storage = try await JSONFileStorage(root: fixture.root, migrations: [Self.liters])
        #expect(String(decoding: try Data(contentsOf: outside.appendingPathComponent("u1.json")), as: UTF8.self) == planted)
        #expect(fixture.manifest == nil)
        #expect(await storage.integrityIssues.count == 1)
        await storage.close()
    }
}
