import ExamplesTestSupport
import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import JSONFileStorage
import ProductModule
import ProductModuleTesting
import Testing

/// A fresh temporary folder for one store.
func temporaryFolder(_ name: String = "store") -> URL {
    TestFolder.path("jsonstore").appendingPathComponent(name)
}

@Suite("JSONFileStorage")
struct JSONFileStorageTests {
    @Test("passes the StorageProvider conformance suite")
    func storageConformance() async {
        let report = await StorageProviderConformance(recordCount: 200) { try await JSONFileStorage(root: temporaryFolder()) }.run()
        #expect(report.failures == [])
        #expect(report.passed == StorageProviderConformance.checkNames)
    }

    @Test("the product module's store on it queries exactly like the reference evaluator")
    func productQueryParity() async {
        let report = await ProductQueryConformance(productCount: 200, queryCount: 30).run(local: {
            StorageProductStore(storage: try await JSONFileStorage(root: temporaryFolder()))
        })
        #expect(report.failures == [])
    }

    @Test("the inventory module's store on it passes the inventory store conformance suite")
    func inventoryConformance() async {
        let report = await InventoryStoreConformance { StorageInventoryStore(storage: try await JSONFileStorage(root: temporaryFolder())) }.run()
        #expect(report.failures == [])
    }

    @Test("data written survives closing and reopening the folder")
    func reopen() async throws {
        let folder = temporaryFolder()
        let first = try await JSONFileStorage(root: folder)
        try await first.domainMetadata.put(StoredRecord(id: try RecordID("a/b"), payload: Data("x".utf8), fields: ["n": .int(1)]), in: "things")
        try await first.userData.write(Data("blob".utf8), to: try RecordID("../../etc/passwd"))
        await first.close()
        let second = try await JSONFileStorage(root: folder)
        #expect(try await second.domainMetadata.record(try RecordID("a/b"), in: "things")?.revision == 1)
        #expect(try await second.userData.read(try RecordID("../../etc/passwd")) == Data("blob".utf8))
    }

    @Test("ids with path traversal never leave the store's folder")
    func pathTraversal() async throws {
        let folder = temporaryFolder()
        let storage = try await JSONFileStorage(root: folder)
        for raw in ["../../etc/passwd", "..", "/absolute", "a\\b", String(repeating: "é", count: 200)] {
            let id = try RecordID(raw)
            try await storage.userMetadata.put(StoredRecord(id: id, payload: Data(raw.utf8)), in: "hostile")
            try await storage.domainData.write(Data(raw.utf8), to: id)
        }
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String { files.append(path) }
        #expect(files.allSatisfy { !$0.contains("..") })
        #expect(!FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("etc").path))
        #expect(try await storage.userMetadata.count(matching: nil, in: "hostile") == 5)
    }

    @Test("a second open of the same folder is refused until the first is closed")
    func locking() async throws {
        let folder = temporaryFolder()
        let first = try await JSONFileStorage(root: folder)
        await #expect(throws: StorageError.locked(path: folder.path)) { _ = try await JSONFileStorage(root: folder) }
        await first.close()
        _ = try await JSONFileStorage(root: folder)
    }

    @Test("a truncated or garbage record file is a typed error naming the file; other records stay readable", arguments: ["truncated", "garbage"])
    func corruptFiles(_ kind: String) async throws {
        let folder = temporaryFolder()
        let storage = try await JSONFileStorage(root: folder)
        for name in ["good", "bad"] {
            try await storage.domainMetadata.put(StoredRecord(id: try RecordID(name), payload: Data(name.utf8), fields: ["k": .string(name)]), in: "products")
        }
        await storage.close()
        let file = folder.appendingPathComponent("domain/metadata/products/bad.json")
        let original = try Data(contentsOf: file)
        try (kind == "truncated" ? original.prefix(original.count / 2) : Data("\u{0}\u{1}not json".utf8)).write(to: file)
        let reopened = try await JSONFileStorage(root: folder)
        #expect(await reopened.integrityIssues.count == 1)
        do {
            _ = try await reopened.domainMetadata.record(try RecordID("bad"), in: "products")
            Issue.record("a corrupt record was read")
        } catch let error as StorageError {
            guard case .corruptFile(let path, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == file.path)
        }
        #expect(try await reopened.domainMetadata.record(try RecordID("good"), in: "products")?.payload == Data("good".utf8))
        try await reopened.domainMetadata.put(StoredRecord(id: try RecordID("bad"), payload: Data("fixed".utf8)), in: "products")
        #expect(try await reopened.domainMetadata.record(try RecordID("bad"), in: "products")?.payload == Data("fixed".utf8))
    }

    @Test("a journal left by a crash after it was written is re-applied on open")
    func journalRecovery() async throws {
        let folder = temporaryFolder()
        let storage = try await JSONFileStorage(root: folder)
        try await storage.domainMetadata.put(StoredRecord(id: try RecordID("p1"), payload: Data("v1".utf8)), in: "products")
        await storage.close()
        // Simulate a crash between writing the journal and applying it: write a journal by hand.
        let record = #"{"fields":{},"id":"p1","payload":"djI=","revision":2}"#
        let journal = #"{"operations":[{"collection":"products","id":"p1","record":\#(record),"scope":"domain"},"#
            + #"{"collection":"outbox","id":"op1","record":{"fields":{},"id":"op1","payload":"b3A=","revision":1},"scope":"user"}]}"#
        try Data(journal.utf8).write(to: folder.appendingPathComponent("journal.json"))
        let reopened = try await JSONFileStorage(root: folder)
        #expect(try await reopened.domainMetadata.record(try RecordID("p1"), in: "products")?.payload == Data("v2".utf8))
        #expect(try await reopened.userMetadata.record(try RecordID("op1"), in: "outbox") != nil)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("journal.json").path))
    }
}
