import Foundation
import InventoryKit

/// Reads every record file of a store folder at open, on all cores.
///
/// The files of each collection folder are split into chunks; a task group reads and decodes the chunks side by
/// side, each with its own decoder, and hands back what it found. A file that cannot be read or decoded, is a
/// symbolic link, or holds another id than its name stands for is reported in its chunk's ``Chunk/problems`` and
/// does not affect any other file. Folders that are symbolic links, are not folders or cannot be listed are not
/// entered (see ``Contents/problems``).
enum RecordFileLoader {
    /// Everything read from one chunk of one collection folder.
    struct Chunk: Sendable {
        /// The chunk's scope.
        var scope: StorageScope
        /// The chunk's collection.
        var collection: RecordCollection
        /// The records decoded, in the order their files were listed.
        var records: [StoredRecord] = []
        /// The files that could not be read or decoded.
        var problems: [Problem] = []
    }

    /// A record file that could not be read or decoded, or that was refused.
    struct Problem: Sendable {
        /// The record the file is named after, when its name is the canonical name of an id (hashed long names are not).
        var id: RecordID?
        /// ``StorageError/corruptFile(path:reason:)`` naming the file, or ``StorageError/corruptRecord(collection:id:reason:)``
        /// for a record file that is a symbolic link.
        var error: StorageError
    }

    /// A folder that was not read: a scope, `metadata` or collection folder that is a symbolic link, is not a
    /// folder, or cannot be listed.
    struct FolderProblem: Sendable {
        /// The scope whose records it holds.
        var scope: StorageScope
        /// The collection whose records it holds, or `nil` for a scope or `metadata` folder (every collection).
        var collection: RecordCollection?
        /// ``StorageError/corruptFile(path:reason:)`` naming the folder.
        var error: StorageError
    }

    /// What opening found: every collection folder (empty ones too) and the chunks of records read.
    struct Contents: Sendable {
        /// Every collection folder found, in listing order.
        var collections: [(scope: StorageScope, collection: RecordCollection)] = []
        /// The chunks read, in listing order.
        var chunks: [Chunk] = []
        /// Folders not read, whose records are therefore missing from the index.
        var problems: [FolderProblem] = []
        /// The leftover temporary files of interrupted writes found in collection folders (full paths).
        var temporaryFiles: [String] = []
    }

    /// The fewest files a chunk holds; smaller folders are read in one chunk.
    static let minimumChunkSize = 256

    /// Reads every record file under `<root>/<scope>/metadata/<collection>/`.
    ///
    /// Nothing throws: a missing folder reads as empty, a bad file becomes a ``Problem``, a folder that is linked,
    /// not a folder or unreadable is skipped and reported in ``Contents/problems``.
    static func load(root: String) async -> Contents {
        var contents = Contents()
        var jobs: [Job] = []
        let chunksPerFolder = max(1, ProcessInfo.processInfo.activeProcessorCount * 4)
        for scope in StorageScope.allCases {
            let scopeFolder = FileSystem.join(root, scope.rawValue)
            let base = FileSystem.join(scopeFolder, "metadata")
            guard isRealFolder(scopeFolder, scope, nil, &contents), isRealFolder(base, scope, nil, &contents),
                let collectionNames = listing(base, scope, nil, &contents)
            else { continue }
            for name in collectionNames {
                guard let collection = RecordCollection(rawValue: name) else { continue }
                let folder = FileSystem.join(base, name)
                guard isRealFolder(folder, scope, collection, &contents),
                    let names = listing(folder, scope, collection, &contents)
                else { continue }
                contents.collections.append((scope, collection))
                contents.temporaryFiles += names.filter(FileSystem.isTemporaryName).map { FileSystem.join(folder, $0) }
                let files = names.filter { $0.hasSuffix(".json") }
                let chunkSize = max(minimumChunkSize, (files.count + chunksPerFolder - 1) / chunksPerFolder)
                var start = 0
                while start < files.count {
                    let end = min(start + chunkSize, files.count)
                    jobs.append(Job(scope: scope, collection: collection, folder: folder, files: files[start..<end]))
                    start = end
                }
            }
        }
        var chunks = [Chunk?](repeating: nil, count: jobs.count)
        await withTaskGroup(of: (Int, Chunk).self) { group in
            for (index, job) in jobs.enumerated() {
                group.addTask { (index, read(job)) }
            }
            for await (index, chunk) in group { chunks[index] = chunk }
        }
        contents.chunks = chunks.compactMap { $0 }
        return contents
    }

    /// Whether `path` is a real folder; a link or an entry of another kind in its place is reported in
    /// `contents` (a missing folder is simply empty).
    private static func isRealFolder(
        _ path: String, _ scope: StorageScope, _ collection: RecordCollection?, _ contents: inout Contents
    ) -> Bool {
        let reason: String
        switch FileSystem.entryKind(path) {
        case .folder: return true
        case .missing: return false
        case .symbolicLink: reason = "the folder is a symbolic link, which the store never follows"
        case .regularFile, .other: reason = "a folder was expected but something else is in its place"
        }
        contents.problems.append(
            FolderProblem(scope: scope, collection: collection, error: .corruptFile(path: path, reason: reason + "; its records were not read")))
        return false
    }

    /// The names in a folder, or `nil` when it cannot be listed (reported in `contents`).
    private static func listing(
        _ path: String, _ scope: StorageScope, _ collection: RecordCollection?, _ contents: inout Contents
    ) -> [String]? {
        do {
            return try FileSystem.listing(ofFolder: path)
        } catch {
            let reason = "the folder cannot be listed (\(Self.reason(for: error))); its records were not read"
            contents.problems.append(FolderProblem(scope: scope, collection: collection, error: .corruptFile(path: path, reason: reason)))
            return nil
        }
    }

    /// Some files of one collection folder, read by one child task.
    private struct Job: Sendable {
        var scope: StorageScope
        var collection: RecordCollection
        var folder: String
        var files: ArraySlice<String>
    }

    /// Reads and decodes the files of one job, with a decoder of its own.
    private static func read(_ job: Job) -> Chunk {
        let decoder = RecordFileCoding.makeDecoder()
        var chunk = Chunk(scope: job.scope, collection: job.collection)
        chunk.records.reserveCapacity(job.files.count)
        for file in job.files {
            let path = FileSystem.join(job.folder, file)
            let name = file.dropLast(5)
            do {
                let data = try FileSystem.contents(ofFile: path)
                let record = try decoder.decode(RecordFile.self, from: data).storedRecord()
                // A file is only ever the record its name stands for: a stray copy must not replace (or invent) one.
                guard FileNameEncoding.name(for: record.id) == name else {
                    chunk.problems.append(Problem(
                        id: id(fromFileName: name),
                        error: .corruptFile(path: path, reason: "it holds the record \"\(record.id)\", not the one its name stands for")))
                    continue
                }
                chunk.records.append(record)
            } catch FileSystem.Refusal.symbolicLink {
                let id = id(fromFileName: name)
                let reason = "its file \(path) is a symbolic link, which the store never follows; it was not read"
                chunk.problems.append(Problem(
                    id: id, error: id.map { .corruptRecord(collection: job.collection, id: $0, reason: reason) } ?? .corruptFile(path: path, reason: reason)))
            } catch {
                chunk.problems.append(Problem(id: id(fromFileName: name), error: .corruptFile(path: path, reason: reason(for: error))))
            }
        }
        return chunk
    }

    /// Why a file could not be read or decoded, in words.
    static func reason(for error: any Error) -> String {
        switch error {
        case StorageError.backendFailure(let operation, let detail): "\(operation) failed: \(detail)"
        case let refusal as FileSystem.Refusal: refusal.description
        default: RecordCoding.describe(error)
        }
    }

    /// The id a file name stands for, when it is that id's canonical percent-encoded name (`nil` for hashed long
    /// names and for names the store would not have written).
    private static func id<Name: StringProtocol>(fromFileName name: Name) -> RecordID? {
        guard let id = FileNameEncoding.decodedID(name), FileNameEncoding.name(for: id) == name else { return nil }
        return id
    }
}
