import Foundation
import InventoryKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `json.open` baseline: a JSON-file store's folder read into memory by hand — every record file of
/// `<root>/<scope>/metadata/<collection>/` read (`open`/`fstat`/`read`), decoded with a `JSONDecoder` of the
/// store's settings into the record (id, revision, payload, the tagged indexed fields), and indexed by id per
/// scope and collection; the files read and decoded on every core, in chunks, each chunk with its own decoder.
///
/// The same bytes and the same decoding as `JSONFileStorage(root:)`; it leaves out the store's checks (a file
/// named after another id, symbolic links, journals and leftover temporary files), so it is the floor for it.
enum RawJSONStoreReader {
    /// A record file: `{"fields": {…}, "id": …, "payload": base64, "revision": n}`.
    private struct RecordFile: Decodable {
        let record: StoredRecord

        private enum Keys: String, CodingKey { case fields, id, payload, revision }

        private struct FieldName: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let fieldsContainer = try container.nestedContainer(keyedBy: FieldName.self, forKey: .fields)
            var fields: [String: FieldValue] = [:]
            let keys = fieldsContainer.allKeys
            fields.reserveCapacity(keys.count)
            for key in keys { fields[key.stringValue] = try fieldsContainer.decode(TaggedFieldValue.self, forKey: key).value }
            record = StoredRecord(
                id: try container.decode(RecordID.self, forKey: .id), payload: try container.decode(Data.self, forKey: .payload),
                fields: fields, revision: try container.decode(Int.self, forKey: .revision))
        }
    }

    /// One chunk's files of one collection folder.
    private struct Job: Sendable {
        let key: String
        let folder: String
        let files: ArraySlice<String>
    }

    /// Every record of the store at `root`, keyed by `"<scope>/<collection>"` then id.
    static func load(root: String) throws -> [String: [RecordID: StoredRecord]] {
        let manager = FileManager.default
        let chunksPerFolder = max(1, ProcessInfo.processInfo.activeProcessorCount * 4)
        var jobs: [Job] = []
        var index: [String: [RecordID: StoredRecord]] = [:]
        for scope in StorageScope.allCases {
            let base = root + "/" + scope.rawValue + "/metadata"
            guard let collections = try? manager.contentsOfDirectory(atPath: base) else { continue }
            for collection in collections {
                let folder = base + "/" + collection
                let files = try manager.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
                let key = scope.rawValue + "/" + collection
                index[key] = Dictionary(minimumCapacity: files.count)
                let size = max(256, (files.count + chunksPerFolder - 1) / chunksPerFolder)
                var start = 0
                while start < files.count {
                    let end = min(start + size, files.count)
                    jobs.append(Job(key: key, folder: folder, files: files[start..<end]))
                    start = end
                }
            }
        }
        let chunks = try ParallelMap.map(jobs, sliceSize: 1) { job in
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .deferredToDate
            decoder.nonConformingFloatDecodingStrategy = TaggedFieldValue.nonFiniteDecoding
            return try job.files.map { file in
                try decoder.decode(RecordFile.self, from: contents(ofFile: job.folder + "/" + file)).record
            }
        }
        for (job, records) in zip(jobs, chunks) {
            for record in records { index[job.key, default: [:]][record.id] = record }
        }
        return index
    }

    /// A whole file: its size from `fstat`, then `read` until it is in.
    private static func contents(ofFile path: String) throws -> Data {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw BenchmarkError.setup("cannot open \(path)") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw BenchmarkError.setup("cannot stat \(path)") }
        let size = Int(status.st_size)
        var data = Data(count: size)
        var length = 0
        while length < size {
            let count = data.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(descriptor, base + length, size - length)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw BenchmarkError.setup("cannot read \(path)") }
            length += count
        }
        return data
    }
}
