import Foundation
import InventoryKit

/// Reads every record file of a store folder at open, on all cores.
///
/// The files of each collection folder are split into chunks; a task group reads and decodes the chunks side by
/// side, each with its own decoder, and hands back what it found. A file that cannot be read or decoded is
/// reported in its chunk's ``Chunk/problems`` and does not affect any other file.
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

    /// A record file that could not be read or decoded.
    struct Problem: Sendable {
        /// The record the file is named after, when its name can be decoded (hashed long names cannot).
        var id: RecordID?
        /// ``StorageError/corruptFile(path:reason:)`` naming the file.
        var error: StorageError
    }

    /// What opening found: every collection folder (empty ones too) and the chunks of records read.
    struct Contents: Sendable {
        /// Every collection folder found, in listing order.
        var collections: [(scope: StorageScope, collection: RecordCollection)] = []
        /// The chunks read, in listing order.
        var chunks: [Chunk] = []
    }

    /// The fewest files a chunk holds; smaller folders are read in one chunk.
    static let minimumChunkSize = 256

    /// Reads every record file under `<root>/<scope>/metadata/<collection>/`.
    ///
    /// Nothing throws: a missing folder reads as empty, a bad file becomes a ``Problem``.
    static func load(root: String) async -> Contents {
        var contents = Contents()
        var jobs: [Job] = []
        let chunksPerFolder = max(1, ProcessInfo.processInfo.activeProcessorCount * 4)
        for scope in StorageScope.allCases {
            let base = FileSystem.join(FileSystem.join(root, scope.rawValue), "metadata")
            for name in FileSystem.names(inFolder: base) {
                guard let collection = RecordCollection(rawValue: name) else { continue }
                contents.collections.append((scope, collection))
                let folder = FileSystem.join(base, name)
                let files = FileSystem.names(inFolder: folder).filter { $0.hasSuffix(".json") }
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
            do {
                let data = try FileSystem.contents(ofFile: path)
                chunk.records.append(try decoder.decode(RecordFile.self, from: data).storedRecord())
            } catch {
                let reason: String
                if case StorageError.backendFailure(let operation, let detail) = error {
                    reason = "\(operation) failed: \(detail)"
                } else {
                    reason = RecordCoding.describe(error)
                }
                chunk.problems.append(Problem(
                    id: id(fromFileName: String(file.dropLast(5))),
                    error: .corruptFile(path: path, reason: reason)))
            }
        }
        return chunk
    }

    /// The id a percent-encoded file name stands for (`nil` for hashed long names).
    private static func id(fromFileName name: String) -> RecordID? {
        guard !name.hasPrefix("~") else { return nil }
        var bytes: [UInt8] = []
        var iterator = name.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return RecordID(rawValue: String(decoding: bytes, as: UTF8.self))
    }
}
