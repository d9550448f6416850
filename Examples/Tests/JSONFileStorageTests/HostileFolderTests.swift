import Foundation
import InventoryKit
import JSONFileStorage
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every file under `folder` (relative path → contents; a symbolic link → `link:` and its target), so a test can
/// prove a failed open changed nothing.
func snapshot(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let path = enumerator?.nextObject() as? String {
        let full = folder.appendingPathComponent(path).path
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: full) {
            files[path] = Data("link:\(target)".utf8)
            continue
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), isFolder.boolValue {
            files[path] = Data("folder".utf8)
        } else {
            files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
        }
    }
    return files
}

/// A record file's contents, as the store writes them.
func recordFileContents(id: String, payload: String, revision: Int = 1) -> Data {
    let base64 = Data(payload.utf8).base64EncodedString()
    return Data(#"{"fields":{},"id":"\#(id)","payload":"\#(base64)","revision":\#(revision)}"#.utf8)
}

@Suite("JSONFileStorage on a hostile or damaged folder")
struct HostileFolderTests {
    /// A store with one committed record (`domain/products/p1`, payload `v1`), closed.
    static func closedStore() async throws -> URL {
        let folder = temporaryFolder()
        let storage = try await JSONFileStorage(root: folder)
        try await storage.domainMetadata.put(StoredRecord(id: try RecordID("p1"), payload: Data("v1".utf8)), in: "products")
        await storage.close()
        return folder
    }

    // MARK: - Journal

    @Test(
        "an unreadable journal fails the open with a typed error naming it and leaves every file as it was",
        arguments: ["garbage", "wrong schema", "a folder", "a symbolic link"])
    func unreadableJournal(_ kind: String) async throws {
        let folder = try await Self.closedStore()
        let journal = folder.appendingPathComponent("journal.json")
        switch kind {
        case "garbage":
            try Data(#"{"operations":[x"#.utf8).write(to: journal)
        case "wrong schema":
            try Data(#"{"operations":[{"collection":"products","id":"p1","scope":"nowhere"}]}"#.utf8).write(to: journal)
        case "a folder":
            try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: false)
        default:
            let outside = folder.deletingLastPathComponent().appendingPathComponent("outside-journal.json")
            try Data(#"{"operations":[]}"#.utf8).write(to: outside)
            try FileManager.default.createSymbolicLink(at: journal, withDestinationURL: outside)
        }
        let before = try snapshot(folder)

        do {
            _ = try await JSONFileStorage(root: folder)
            Issue.record("a store with an unreadable journal opened")
        } catch let error as StorageError {
            guard case .corruptFile(let path, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == journal.path)
        }
        #expect(try snapshot(folder) == before, "the failed open changed the folder")
        // The lock was released: once the journal is dealt with, the store opens with its committed record.
        try FileManager.default.removeItem(at: journal)
        let reopened = try await JSONFileStorage(root: folder)
        #expect(try await reopened.domainMetadata.record(try RecordID("p1"), in: "products")?.payload == Data("v1".utf8))
    }

    @Test("an unreadable (mode 000) journal fails the open and is kept", .enabled(if: geteuid() != 0, "root reads any file"))
    func journalWithoutPermission() async throws {
        let folder = try await Self.closedStore()
        let journal = folder.appendingPathComponent("journal.json")
        try Data(#"{"operations":[]}"#.utf8).write(to: journal)
        chmod(journal.path, 0)
        defer { chmod(journal.path, 0o644) }
        await #expect(throws: StorageError.self) { _ = try await JSONFileStorage(root: folder) }
        #expect(FileManager.default.fileExists(atPath: journal.path))
    }

    // MARK: - Symbolic links

    @Test("a record file that is a symbolic link to a file outside the folder is reported corrupt and never read")
    func symlinkedRecordFile() async throws {
        let folder = try await Self.closedStore()
        let outside = folder.deletingLastPathComponent().appendingPathComponent("secret.json")
        try recordFileContents(id: "stolen", payload: "secret").write(to: outside)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("domain/metadata/products/stolen.json"), withDestinationURL: outside)

        let reopened = try await JSONFileStorage(root: folder)
        do {
            let served = try await reopened.domainMetadata.record(try RecordID("stolen"), in: "products")
            Issue.record("a symbolic link was served: \(String(describing: served))")
        } catch let error as StorageError {
            guard case .corruptRecord(let collection, let id, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(collection == "products" && id.rawValue == "stolen")
            #expect(reason.contains("symbolic link"))
        }
        #expect(await reopened.integrityIssues.count == 1)
        #expect(try await reopened.domainMetadata.count(matching: nil, in: "products") == 1)
        #expect(try await reopened.domainMetadata.record(try RecordID("p1"), in: "products")?.payload == Data("v1".utf8))
    }

    @Test("a collection folder that is a symbolic link is neither read nor written through")
    func symlinkedCollectionFolder() async throws {
        let folder = try await Self.closedStore()
        let outside = folder.deletingLastPathComponent().appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try recordFileContents(id: "planted", payload: "planted").write(to: outside.appendingPathComponent("planted.json"))
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("domain/metadata/elsewhere"), withDestinationURL: outside)

        let reopened = try await JSONFileStorage(root: folder)
        #expect((try? await reopened.domainMetadata.record(try RecordID("planted"), in: "elsewhere")) == nil)
        await #expect(throws: StorageError.self) {
            try await reopened.domainMetadata.put(StoredRecord(id: try RecordID("new"), payload: Data("x".utf8)), in: "elsewhere")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["planted.json"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("journal.json").path))
        #expect(try await reopened.domainMetadata.record(try RecordID("p1"), in: "products")?.payload == Data("v1".utf8))
    }

    @Test("a file whose stored id differs from its name is reported corrupt and never served as another record")
    func mismatchedID() async throws {
        let folder = try await Self.closedStore()
        let products = folder.appendingPathComponent("domain/metadata/products")
        // Many impostors of p1, so at least one is listed after the real file whatever the file system's order.
        for index in 0..<20 {
            try recordFileContents(id: "p1", payload: "fake", revision: 9).write(to: products.appendingPathComponent("impostor\(index).json"))
        }
        let ghost = products.appendingPathComponent("other.json")
        try recordFileContents(id: "ghost", payload: "ghost").write(to: ghost)

        let reopened = try await JSONFileStorage(root: folder)
        #expect(try await reopened.domainMetadata.record(try RecordID("p1"), in: "products")?.payload == Data("v1".utf8))
        #expect(try await reopened.domainMetadata.record(try RecordID("ghost"), in: "products") == nil)
        #expect(try await reopened.domainMetadata.count(matching: nil, in: "products") == 1)
        do {
            _ = try await reopened.domainMetadata.record(try RecordID("other"), in: "products")
            Issue.record("a file holding another id was read under its name")
        } catch let error as StorageError {
            guard case .corruptFile(let path, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == ghost.path && reason.contains("ghost"))
        }
        #expect(await reopened.integrityIssues.count == 21)
    }

    // MARK: - Leftover temporary files

    @Test("opening removes the store's leftover temporary files, and only those")
    func leftoverTemporaryFiles() async throws {
        let folder = try await Self.closedStore()
        let storage = try await JSONFileStorage(root: folder)
        try await storage.domainData.write(Data("blob".utf8), to: try RecordID("b1"))
        await storage.close()
        let folders = ["", "domain/metadata/products", "domain/data"].map { folder.appendingPathComponent($0) }
        var leftovers: [URL] = []
        for place in folders {
            let leftover = place.appendingPathComponent(".tmp-\(UUID().uuidString)")
            try Data("half a write".utf8).write(to: leftover)
            leftovers.append(leftover)
        }
        let kept = [".tmp-not-a-uuid", ".tmp-\(UUID().uuidString).keep", "notes.txt"].map {
            folder.appendingPathComponent("domain/metadata/products").appendingPathComponent($0)
        }
        for file in kept { try Data("mine".utf8).write(to: file) }

        let reopened = try await JSONFileStorage(root: folder)
        for leftover in leftovers {
            #expect(!FileManager.default.fileExists(atPath: leftover.path), "\(leftover.path) was left behind")
        }
        for file in kept {
            #expect(FileManager.default.fileExists(atPath: file.path), "\(file.path) was removed")
        }
        #expect(await reopened.integrityIssues.isEmpty)
        #expect(try await reopened.domainMetadata.record(try RecordID("p1"), in: "products")?.payload == Data("v1".utf8))
        #expect(try await reopened.domainData.read(try RecordID("b1")) == Data("blob".utf8))
    }
}
