import Foundation
import InventoryKit

/// A ``StorageProvider`` on a folder of JSON files: one file per record, one file per blob, every batch made
/// atomic by a write-ahead journal, and the folder locked against a second process.
///
/// ## On disk
/// ```
/// <root>/.lock                                   held (flock) while a store is open
/// <root>/journal.json                            only while a batch is being applied
/// <root>/migrations.json                         the names of the data migrations applied (``DataMigration``)
/// <root>/<user|domain>/metadata/<collection>/<id>.json
/// <root>/<user|domain>/data/<id>.blob            a JSON line with the id, then the bytes
/// ```
/// File names come from ``FileNameEncoding``: an id like `../../etc/passwd` becomes `%2E%2E%2F%2E%2E%2Fetc%2Fpasswd`,
/// and `Milk` becomes `%4Dilk` (uppercase letters are escaped, so `Milk` and `milk` never share a file on a
/// case-insensitive volume; files an earlier version named `Milk.json` are renamed when the store opens).
/// A record file holds the id, revision, payload (base64) and indexed fields, each field a tagged array
/// (`"title":["string","lait"]`); files written by earlier versions (`"title":{"string":{"_0":"lait"}}`) are still read.
///
/// ## Guarantees
/// - **Atomic batches.** ``commit(_:)`` (and ``MetadataStore/apply(_:)``) first writes the whole batch to
///   `journal.json` (temporary file, fsync, rename), then writes each record file atomically, flushes, and removes
///   the journal. Opening a folder with a journal re-applies it (the batch happened); a torn journal was never
///   renamed into place, so the batch did not happen. A crash at any point leaves the old or the new state.
/// - **A journal is never discarded.** A journal that cannot be read or decoded (damaged, of another schema, not a
///   regular file, a symbolic link) may hold a committed batch, so opening fails with
///   ``StorageError/corruptFile(path:reason:)`` naming it and changes nothing on disk; inspect it, then remove it
///   (losing that batch) or restore it.
/// - **Leftovers are cleaned.** Opening removes the temporary files (`.tmp-<UUID>`) of writes interrupted before
///   their rename, in the root, the collection folders and the blob folders; no other file is touched.
/// - **One process at a time.** The folder is locked with `flock` while open; a second open — from another
///   process or this one — fails with ``StorageError/locked(path:)`` instead of corrupting data. Close the store
///   (or let the process end) to release it.
/// - **Corrupt files are contained.** A record file that does not parse is reported in ``integrityIssues`` and
///   reading that record throws ``StorageError/corruptFile(path:reason:)`` naming the file; every other record stays
///   readable. A file whose stored id is not the one its name stands for is reported the same way and never served
///   (as either record). A query names the collection's damaged files (and folders that could not be read) in
///   the first page's `damaged` entries, so a listing shows what is readable and says what is not.
/// - **Links are not followed.** A record file that is a symbolic link is not read: reading its record throws
///   ``StorageError/corruptRecord(collection:id:reason:)``. A scope, `metadata` or collection folder that is a
///   symbolic link is not read (it is reported in ``integrityIssues``), and writing into it throws
///   ``StorageError/corruptFile(path:reason:)`` naming it before anything is written. The root itself may be a link.
/// - **Data migrations run once.** A ``DataMigration`` passed to ``init(root:migrations:)`` that the store has not
///   applied rewrites its collection's records before anything reads them, one atomic file write each, and is then
///   recorded in `migrations.json`; a crash midway leaves each file old or new, and the next open finishes.
/// - **Linear open.** Opening reads each file once into an in-memory index (no quadratic step), decoding the files
///   on all cores; queries run on the index with ``RecordQueryEvaluator``.
public actor JSONFileStorage: StorageProvider {
    /// The store's folder.
    public nonisolated let root: URL
    private var records: [StorageScope: [RecordCollection: [RecordID: StoredRecord]]] = [:]
    /// Record files that could not be read, by the id their name stands for; cleared when the record is written.
    private var corrupt: [StorageScope: [RecordCollection: [RecordID: StorageError]]] = [:]
    /// Damage that names no record: unreadable files whose names are not an id's, folders not read (a scope's
    /// under `nil`, reported for each of its collections).
    private var unattributed: [StorageScope: [RecordCollection?: [StorageError]]] = [:]
    private var lockDescriptor: Int32?
    /// Problems found while opening: corrupt files, files holding another id than their name's, record files and
    /// folders that are symbolic links (their records throw when read, or are not read; others are unaffected).
    public private(set) var integrityIssues: [StorageError] = []

    /// Opens (or creates) a store in `root`, recovering an interrupted batch, running the data migrations it has
    /// not applied, and removing the temporary files of interrupted writes.
    ///
    /// - Parameters:
    ///   - root: the store's folder, created when missing.
    ///   - migrations: the store's data migrations, oldest first; those `migrations.json` names are skipped, the
    ///     others run in order, after an interrupted batch is recovered and before any record is read.
    /// - Throws: ``StorageError/locked(path:)`` when the folder is in use; ``StorageError/corruptFile(path:reason:)``
    ///   naming `journal.json` when a journal cannot be read (nothing on disk is changed), or `migrations.json` when
    ///   the list of applied migrations cannot be read (no migration runs, the list is left in place); or a backend
    ///   failure.
    public init(root: URL, migrations: [DataMigration] = []) async throws {
        self.root = root
        try FileSystem.makeFolder(root)
        lockDescriptor = try FileSystem.lock(root.appendingPathComponent(".lock"))
        do {
            // Old-named files first: the journal's writes and the loader use the current names.
            try FileNameMigration.run(root: root.path)
            try recoverJournal()
            try DataMigrationRunner.run(migrations, root: root.path)
            let contents = await RecordFileLoader.load(root: root.path)
            load(contents)
            removeTemporaryFiles(contents.temporaryFiles)
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

    /// A page of the index; the collection's damaged files and folders are named on the first page, since they
    /// have no place in the order.
    func query(_ query: RecordQuery, in collection: RecordCollection, scope: StorageScope) throws -> RecordPage<StoredRecord> {
        try collection.validate()
        var page = try RecordQueryEvaluator.page((records[scope]?[collection] ?? [:]).values, query: query)
        if query.cursor == nil { page.damaged = damage(in: collection, scope: scope) }
        return page
    }

    /// What could not be read of a collection: folders first, then files by id.
    private func damage(in collection: RecordCollection, scope: StorageScope) -> [DamagedRecord] {
        let folders = (unattributed[scope]?[nil] ?? []) + (unattributed[scope]?[collection] ?? [])
        let files = (corrupt[scope]?[collection] ?? [:]).sorted { $0.key.rawValue < $1.key.rawValue }
        return folders.map { DamagedRecord(collection: collection, id: nil, error: $0) }
            + files.map { DamagedRecord(collection: collection, id: $0.key, error: $0.value) }
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
        try FileSystem.makeFolders([scope.rawValue, "data"], below: root.path)
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
        // Refuse a linked folder before the journal exists, so a refused batch leaves nothing behind.
        for folder in Set(operations.map { [$0.scope.rawValue, "metadata", $0.collection.rawValue] }) {
            try FileSystem.makeFolders(folder, below: root.path)
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
            if folders.insert(folder).inserted {
                try FileSystem.makeFolders([operation.scope.rawValue, "metadata", operation.collection.rawValue], below: root.path)
            }
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

    /// Re-applies a journal left by an interrupted batch, then removes it.
    ///
    /// - Throws: ``StorageError/corruptFile(path:reason:)`` naming the journal when it cannot be read or decoded;
    ///   the journal and every other file are then left exactly as they were.
    private func recoverJournal() throws {
        let journal = root.appendingPathComponent("journal.json")
        guard FileSystem.entryKind(journal.path) != .missing else { return }
        // The journal is renamed into place only once complete, so a journal that exists is a committed batch:
        // one that cannot be read is kept for inspection, never deleted.
        let pending: Journal
        do {
            pending = try RecordFileCoding.decode(Journal.self, from: try FileSystem.contents(ofFile: journal.path))
        } catch {
            throw StorageError.corruptFile(
                path: journal.path,
                reason: "the journal of a committed batch cannot be read (\(RecordFileLoader.reason(for: error))); it was "
                    + "left in place: inspect it, then restore or remove it (removing it loses that batch)")
        }
        try applyJournal(pending.operations)
        try FileSystem.remove(journal)
    }

    /// Removes the temporary files of writes interrupted before their rename: those the loader found in collection
    /// folders, and those in the root and the blob folders (never through a linked folder).
    private func removeTemporaryFiles(_ inCollections: [String]) {
        for path in inCollections { _ = try? FileSystem.remove(URL(fileURLWithPath: path)) }
        FileSystem.removeTemporaryFiles(inFolder: root.path)
        for scope in StorageScope.allCases {
            let scopeFolder = FileSystem.join(root.path, scope.rawValue)
            let data = FileSystem.join(scopeFolder, "data")
            if FileSystem.entryKind(scopeFolder) == .folder, FileSystem.entryKind(data) == .folder {
                FileSystem.removeTemporaryFiles(inFolder: data)
            }
        }
    }

    /// Builds the in-memory index from what the loader read (chunks in listing order; each record has one file).
    private func load(_ contents: RecordFileLoader.Contents) {
        for problem in contents.problems {
            integrityIssues.append(problem.error)
            unattributed[problem.scope, default: [:]][problem.collection, default: []].append(problem.error)
        }
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
                if let id = problem.id {
                    corrupt[chunk.scope, default: [:]][chunk.collection, default: [:]][id] = problem.error
                } else {
                    unattributed[chunk.scope, default: [:]][chunk.collection, default: []].append(problem.error)
                }
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
