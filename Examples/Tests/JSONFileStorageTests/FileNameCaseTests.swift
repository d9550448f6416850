import Foundation
import InventoryKit
import InventoryKitTesting
import JSONFileStorage
import Testing

/// File names never collide on a case-insensitive volume (macOS's default), and stores written with the earlier
/// names open with every record and blob.
@Suite("JSONFileStorage file names on case-insensitive volumes")
struct FileNameCaseTests {
    /// The record files of a collection, by name.
    private func files(_ folder: URL, _ collection: String, scope: String = "domain") -> [String] {
        let path = folder.appendingPathComponent(scope).appendingPathComponent("metadata").appendingPathComponent(collection).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test("ids that differ only in case are kept in files whose names differ in more than case")
    func caseOnlyDifferencesGetDistinctNames() async throws {
        let folder = temporaryFolder()
        let storage = try await JSONFileStorage(root: folder)
        var random = SeededRandomNumberGenerator(seed: 16)
        let letters = Array("aAbBcCzZ-_0.")
        var ids: Set<String> = ["Milk", "milk", "MILK", "mIlK"]
        while ids.count < 300 {
            ids.insert(String((0..<Int.random(in: 1...6, using: &random)).map { _ in letters.randomElement(using: &random)! }))
        }
        for id in ids {
            try await storage.domainMetadata.put(StoredRecord(id: try RecordID(id), payload: Data(id.utf8)), in: "products")
        }
        let names = files(folder, "products")
        #expect(names.count == ids.count)
        #expect(Set(names.map { $0.lowercased() }).count == ids.count, "no two names are equal without case")
        await storage.close()

        let reopened = try await JSONFileStorage(root: folder)
        for id in ids {
            let record = try await reopened.domainMetadata.record(try RecordID(id), in: "products")
            #expect(record?.payload == Data(id.utf8), "\(id)")
        }
        await reopened.close()
    }

    @Test("a store whose files have the earlier names opens with every record and blob, renamed once")
    func earlierNamesAreRenamedOnOpen() async throws {
        let folder = temporaryFolder()
        let storage = try await JSONFileStorage(root: folder)
        try await storage.domainMetadata.put(StoredRecord(id: try RecordID("Milk"), payload: Data("upper".utf8)), in: "products")
        try await storage.domainMetadata.put(StoredRecord(id: try RecordID("milk"), payload: Data("lower".utf8)), in: "products")
        try await storage.userData.write(Data("photo".utf8), to: try RecordID("Photo"))
        await storage.close()
        // What an earlier version wrote: uppercase letters kept in the names.
        let products = folder.appendingPathComponent("domain/metadata/products")
        try FileManager.default.moveItem(at: products.appendingPathComponent("%4Dilk.json"), to: products.appendingPathComponent("Milk.json"))
        let data = folder.appendingPathComponent("user/data")
        try FileManager.default.moveItem(at: data.appendingPathComponent("%50hoto.blob"), to: data.appendingPathComponent("Photo.blob"))
        #expect(files(folder, "products") == ["Milk.json", "milk.json"])

        let reopened = try await JSONFileStorage(root: folder)
        #expect(await reopened.integrityIssues.isEmpty)
        #expect(try await reopened.domainMetadata.record(try RecordID("Milk"), in: "products")?.payload == Data("upper".utf8))
        #expect(try await reopened.domainMetadata.record(try RecordID("milk"), in: "products")?.payload == Data("lower".utf8))
        #expect(try await reopened.userData.read(try RecordID("Photo")) == Data("photo".utf8))
        #expect(files(folder, "products") == ["%4Dilk.json", "milk.json"], "renamed to the current names")
        try await reopened.domainMetadata.put(StoredRecord(id: try RecordID("Milk"), payload: Data("again".utf8)), in: "products")
        #expect(files(folder, "products") == ["%4Dilk.json", "milk.json"], "a rewrite keeps one file a record")
        await reopened.close()
    }
}
