import Foundation
import InventoryKit
import JSONFileStorage
import Testing

@Suite("JSONFileStorage names what it cannot read in query pages")
struct DamageReportingTests {
    /// A closed store with records `a`, `b` and `c` in `things`.
    static func store() async throws -> URL {
        let folder = temporaryFolder()
        let storage = try await JSONFileStorage(root: folder)
        for name in ["a", "b", "c"] {
            try await storage.domainMetadata.put(
                StoredRecord(id: try RecordID(name), payload: Data(name.utf8), fields: ["n": .string(name)]), in: "things")
        }
        await storage.close()
        return folder
    }

    @Test("a corrupt record file is named in the first page's damaged entries, once, and cleared when rewritten")
    func corruptFileIsNamedOnce() async throws {
        let folder = try await Self.store()
        let file = folder.appendingPathComponent("domain/metadata/things/b.json")
        try Data("{ not json".utf8).write(to: file)
        let storage = try await JSONFileStorage(root: folder)
        let first = try await storage.domainMetadata.query(RecordQuery(sort: [.ascending("n")], limit: 1), in: "things")
        #expect(first.records.map(\.id.rawValue) == ["a"])
        #expect(first.damaged.map(\.id?.rawValue) == ["b"])
        guard case .corruptFile(let path, _)? = first.damaged.first?.error else {
            Issue.record("expected corruptFile, got \(first.damaged)")
            return
        }
        #expect(path == file.path)
        let query = RecordQuery(sort: [.ascending("n")], limit: 1)
        let second = try await storage.domainMetadata.query(try #require(query.after(first.nextCursor)), in: "things")
        #expect(second.records.map(\.id.rawValue) == ["c"] && second.damaged.isEmpty)
        // Strict reads throw the damage instead of returning a silently shorter collection.
        await #expect(throws: StorageError.self) { try await storage.domainMetadata.all(in: "things") }
        try await storage.domainMetadata.put(StoredRecord(id: try RecordID("b"), payload: Data("b".utf8), fields: ["n": .string("b")]), in: "things")
        let repaired = try await storage.domainMetadata.query(RecordQuery(), in: "things")
        #expect(repaired.records.count == 3 && repaired.damaged.isEmpty)
    }

    @Test("a collection folder replaced by a file or a link is named as damage of that collection, not an empty one",
          arguments: ["file", "link"])
    func unreadableCollectionFolder(_ kind: String) async throws {
        let folder = try await Self.store()
        let collection = folder.appendingPathComponent("domain/metadata/things")
        let moved = folder.deletingLastPathComponent().appendingPathComponent("moved")
        try FileManager.default.moveItem(at: collection, to: moved)
        if kind == "file" {
            try Data("x".utf8).write(to: collection)
        } else {
            try FileManager.default.createSymbolicLink(at: collection, withDestinationURL: moved)
        }
        let storage = try await JSONFileStorage(root: folder)
        let page = try await storage.domainMetadata.query(RecordQuery(), in: "things")
        #expect(page.records.isEmpty)
        #expect(page.damaged.count == 1 && page.damaged.first?.id == nil && page.damaged.first?.collection == "things")
        #expect(page.damaged.first?.description.contains(collection.path) == true)
        // Other collections are not affected.
        #expect(try await storage.domainMetadata.query(RecordQuery(), in: "others").damaged.isEmpty)
    }

    @Test("a damaged file whose name is no record id is still named, without an id")
    func unnamedDamagedFile() async throws {
        let folder = try await Self.store()
        try Data("garbage".utf8).write(to: folder.appendingPathComponent("domain/metadata/things/~stray.json"))
        let storage = try await JSONFileStorage(root: folder)
        let page = try await storage.domainMetadata.query(RecordQuery(), in: "things")
        #expect(page.records.count == 3)
        #expect(page.damaged.count == 1 && page.damaged.first?.id == nil)
        #expect(page.damaged.first?.description.contains("~stray.json") == true)
    }
}
