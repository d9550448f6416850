import Foundation
import InventoryKit

/// A ``StorageProvider`` on a folder of JSON files: one file per record, one file per blob, every batch made
/// atomic by a write-ahead journal, and the folder locked against a second process.
///
/// ## On disk
/// ```
/// <root>/.lock                                   held (flock) while a store is open
/// <root>/journal.json                            only while a batch is being applied
/// <root>/<user|domain>/metadata/<collection>/<id>.json
/// <root>/<user|domain>/data/<id>.blob            a JSON line with the id, then the bytes
/// ```
/// File names come from ``FileNameEncoding``: an id like `../../etc/passwd` becomes `%2E%2E%2F%2E%2E%2Fetc%2Fpasswd`.
/// A record file holds the id, revision, payload (base64) and indexed fields, each field a tagged array
/// (`"title":["string","lait"]`); files written by earlier versions (`"title":{"string":{"_0":"lait"}}`) are still read.
///
/// ## Guarantees
/// - **Atomic batches.** ``commit(_:)`` (and ``MetadataStore/apply(_:)``) first writes the whole batch to
///   `journal.json` (temporary file, fsync, rename), then writes each record file atomically, flushes, and removes
///   the journal. Opening a folder with a journal re-applies it (the batch happened); a torn journal was never
///   renamed into place, so the batch did not happen. A crash at any point leaves the old or the new state.
/// - **One process at a time.** The folder is locked with `flock` while open; a second open — from another
///   process or this one — fails with ``StorageError/locked(path:)`` instead of corrupting data. Close the store
///   (or let the process end) to release it.
/// - **Corrupt files are contained.** A record file that does not parse is reported in ``integrityIssues`` and
///   reading that record throws ``StorageError/corruptFile(path:reason:)`` naming the file; every other record stays
///   readable.
/// - **Linear open.** Opening reads each file once into an in-memory index (no quadratic step), decoding the files
///   on all cores; queries run on the index with ``RecordQueryEvaluator``.
public actor JSONFileStorage: StorageProvider {
    /// The store's folder.
    public nonisolated let root: URL
    private var records: [StorageScope: [RecordCollection: [RecordID: StoredRecord]]] = [:]
    private var corrupt: [StorageScope: [RecordCollection: [RecordID: StorageError]]] = [:]
    private var lockDescriptor: Int32?
    /// Problems found while opening: corrupt files (their records throw when read; others are unaffected).
    public private(set) var integrityIssues: [StorageError] = []

    /// Opens (or creates) a store in `root`, recovering an interrupted batch.
    ///
    /// - Throws: ``StorageError/locked(path:)`` when the folder is in use, or a backend failure.
    public init(root: URL) async throws {
        self.root = root
        try FileSystem.makeFolder(root)
        lockDescriptor = try FileSystem.lock(root.appendingPathComponent(".lock"))
        do {
            try recoverJournal()
            load(await RecordFileLoader.load(root: root.path))
        } catch {
            if let descriptor = lockDescriptor { FileSystem.unlock(descriptor) }
            lockDescriptor = nil
            throw error
        }
    }

    /// Releases the folder's lock; the store must not be used afterwards.
    public func close() {
        if let descriptor = lockDescriptor { FileSystem.unlock(descriptor) }
        lockDescriptor = nil
    }

    deinit {
        if let descriptor = lockDescriptor { FileSystem.unlock(descriptor) }
    }

    // MARK: - StorageProvider

    /// The user's private records.
    public nonisolated var userMetadata: any MetadataStore { JSONFileMetadataStore(storage: self, scope: .user) }
    /// Shared reference records.
    public nonisolated var domainMetadata: any MetadataStore { JSONFileMetadataStore(storage: self, scope: .domain) }
    /// The user's private blobs.
    public nonisolated var userData: any DataStore { JSONFileDataStore(storage: self, scope: .user) }
    /// Shared blobs.
    public nonisolated var domainData: any DataStore { JSONFileDataStore(storage: self, scope: .domain) }

    /// Applies the writes of both metadata stores atomically (journal, then files).
    public func commit(_ batch: StorageBatch) throws {
        try write(StorageScope.allCases.flatMap { scope in batch[scope].map { (scope, $0) } })
    }

    // MARK: - Store operations

    func record(_ id: RecordID, in collection: RecordCollection, scope: StorageScope) throws -> StoredRecord? {
        try collection.validate()
        if let problem = corrupt[scope]?[collection]?[id] { throw problem }
        return records[scope]?[collection]?[id]
    }

    func records(_ ids: [RecordID], in collection: RecordCollection, scope: StorageScope) throws -> [StoredRecord] {
        try ids.compactMap { try record($0, in: collection, scope: scope) }
    }

    func query(_ query: RecordQuery, in collection: RecordCollection, scope: StorageScope) throws -> RecordPage<StoredRecord> {
        try collection.validate()
        return try RecordQueryEvaluator.page((records[scope]?[collection] ?? [:]).values, query: query)
    }

    func count(matching filter: RecordFilter?, in collection: RecordCollection, scope: StorageScope) throws -> Int {
        try collection.validate()
        let all = records[scope]?[collection] ?? [:]
        guard let filter else { return all.count }
        return all.values.reduce(0) { $0 + (RecordQueryEvaluator.matches(filter, fields: $1.fields) ? 1 : 0) }
    }

    func apply(_ writes: [RecordWrite], scope: StorageScope) throws {
        try write(writes.map { (scope, $0) })
    }

    func writeBlob(_ data: Data, to id: RecordID, scope: StorageScope) throws {
        let folder = dataFolder(scope)
        try FileSystem.makeFolder(folder)
        var contents = try JSONEncoder().encode(id.rawValue)
        contents.append(0x0A)
        contents.append(data)
        try FileSystem.writeAtomically(contents, to: blobURL(id, scope: scope))
    }

    func readBlob(_ id: RecordID, scope: StorageScope) throws -> Data? {
        let url = blobURL(id, scope: scope)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let contents: Data
        do {
            contents = try Data(contentsOf: url)
        } catch {
            throw StorageError.backendFailure(operation: "read", reason: "\(url.path): \(error.localizedDescription)")
        }
        guard let (storedID, bytes) = Self.splitBlob(contents) else {
            throw StorageError.corruptFile(path: url.path, reason: "the blob header is missing or unreadable")
        }
        guard storedID == id else { return nil }
        return bytes
    }

    func deleteBlob(_ id: RecordID, scope: StorageScope) throws -> Bool {
        guard try readBlob(id, scope: scope) != nil else { return false }
        try FileSystem.remove(blobURL(id, scope: scope))
        return true
    }

    func listBlobs(after: RecordID?, limit: Int, scope: StorageScope) throws -> [RecordID] {
        guard limit >= 1 else { throw StorageError.invalidQuery(reason: "limit \(limit) is below 1") }
        let folder = dataFolder(scope)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var ids: [RecordID] = []
        for name in names where name.hasSuffix(".blob") {
            guard let handle = FileHandle(forReadingAtPath: folder.appendingPathComponent(name).path) else { continue }
            let head = handle.readData(ofLength: RecordID.maximumLength * 6 + 8)
            try? handle.close()
            if let (id, _) = Self.splitBlob(head), after.map({ $0 < id }) ?? true { ids.append(id) }
        }
        return Array(ids.sorted().prefix(limit))
    }

    // MARK: - Writing

    private func write(_ writes: [(StorageScope, RecordWrite)]) throws {
        guard !writes.isEmpty else { return }
        // Stage only the touched records (an overlay), so a write costs O(batch), not O(store).
        var staged: [RecordKey: StoredRecord?] = [:]
        var operations: [JournalOperation] = []
        for (scope, write) in writes {
            try write.collection.validate()
            let key = RecordKey(scope: scope, collection: write.collection, id: write.id)
            let current = staged[key] ?? records[scope]?[write.collection]?[write.id]
            guard write.precondition.isSatisfied(byCurrentRevision: current?.revision) else {
                throw StorageError.preconditionFailed(
                    collection: write.collection, id: write.id, expected: write.precondition, actualRevision: current?.revision)
            }
            switch write.action {
            case .put(let payload, let fields):
                let record = StoredRecord(id: write.id, payload: payload, fields: fields, revision: (current?.revision ?? 0) + 1)
                staged[key] = .some(record)
                operations.append(JournalOperation(scope: scope, collection: write.collection, record: RecordFile(record)))
            case .delete:
                staged[key] = .some(nil)
                operations.append(JournalOperation(scope: scope, collection: write.collection, deleting: write.id))
            }
        }
        let journal = root.appendingPathComponent("journal.json")
        try FileSystem.writeAtomically(try RecordFileCoding.encode(Journal(operations: operations)), to: journal)
        try applyJournal(operations)
        try FileSystem.remove(journal)
        for (key, record) in staged {
            records[key.scope, default: [:]][key.collection, default: [:]][key.id] = record
            corrupt[key.scope]?[key.collection]?[key.id] = nil
        }
    }

    /// Writes every record file of a journal, flushes them, and returns once they are durable.
    private func applyJournal(_ operations: [JournalOperation]) throws {
        var folders: Set<URL> = []
        for operation in operations {
            let folder = metadataFolder(operation.scope, operation.collection)
            if folders.insert(folder).inserted { try FileSystem.makeFolder(folder) }
            let url = folder.appendingPathComponent(FileNameEncoding.name(for: operation.id) + ".json")
            if let record = operation.record {
                try FileSystem.writeAtomically(try RecordFileCoding.encode(record), to: url, sync: operations.count <= 8)
            } else {
                try FileSystem.remove(url)
            }
        }
        if operations.count > 8 { FileSystem.syncAll() }
        for folder in folders { FileSystem.syncFolder(folder) }
    }

    // MARK: - Opening

    private func recoverJournal() throws {
        let journal = root.appendingPathComponent("journal.json")
        guard FileManager.default.fileExists(atPath: journal.path) else { return }
        // The journal is renamed into place only once complete, so a journal that exists is a committed batch.
        if let data = try? Data(contentsOf: journal), let pending = try? RecordFileCoding.decode(Journal.self, from: data) {
            try applyJournal(pending.operations)
        }
        try FileSystem.remove(journal)
    }

    /// Builds the in-memory index from what the loader read (chunks in listing order, so a later file wins).
    private func load(_ contents: RecordFileLoader.Contents) {
        for (scope, collection) in contents.collections {
            var count = 0
            for chunk in contents.chunks where chunk.scope == scope && chunk.collection == collection {
                count += chunk.records.count
            }
            records[scope, default: [:]][collection] = Dictionary(minimumCapacity: count)
        }
        for chunk in contents.chunks {
            for record in chunk.records {
                records[chunk.scope, default: [:]][chunk.collection, default: [:]][record.id] = record
            }
            for problem in chunk.problems {
                integrityIssues.append(problem.error)
                if let id = problem.id { corrupt[chunk.scope, default: [:]][chunk.collection, default: [:]][id] = problem.error }
            }
        }
    }

    // MARK: - Paths

    private func metadataFolder(_ scope: StorageScope, _ collection: RecordCollection) -> URL {
        root.appendingPathComponent(scope.rawValue).appendingPathComponent("metadata").appendingPathComponent(collection.rawValue)
    }

    private func dataFolder(_ scope: StorageScope) -> URL {
        root.appendingPathComponent(scope.rawValue).appendingPathComponent("data")
    }

    private func blobURL(_ id: RecordID, scope: StorageScope) -> URL {
        dataFolder(scope).appendingPathComponent(FileNameEncoding.name(for: id) + ".blob")
    }

    private static func splitBlob(_ contents: Data) -> (RecordID, Data)? {
        guard let newline = contents.firstIndex(of: 0x0A),
            let raw = try? JSONDecoder().decode(String.self, from: contents[contents.startIndex..<newline]),
            let id = RecordID(rawValue: raw)
        else { return nil }
        return (id, contents[contents.index(after: newline)...])
    }
}

/// The address of one record in the store.
struct RecordKey: Hashable, Sendable {
    var scope: StorageScope
    var collection: RecordCollection
    var id: RecordID
}
