import Foundation

/// The persisted table of a ``DataCache``: one entry per key, with the generation of its blob, its size, its
/// checksum, its expiry and its recency. Written as one blob, `CHECKSUM\n` followed by JSON, so damage is found.
struct DataCacheIndex: Codable, Sendable, Equatable {
    /// One cached value.
    struct Entry: Codable, Sendable, Equatable {
        var generation: UInt64
        var size: Int
        var digest: String
        var expiresAt: Date
        var lastUse: UInt64
    }

    static let formatVersion = 1

    var version = formatVersion
    var nextGeneration: UInt64 = 1
    var tick: UInt64 = 0
    var entries: [String: Entry] = [:]

    var totalBytes: Int { entries.values.reduce(0) { $0 + $1.size } }

    /// The index as stored: its SHA-1 in hexadecimal, a newline, then the JSON.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        let json = try encoder.encode(self)
        return Data((SHA1.hexDigest(json) + "\n").utf8) + json
    }

    /// Reads a stored index; `nil` when its checksum does not match, it does not decode, or it is of another
    /// format version.
    static func decode(_ data: Data) -> DataCacheIndex? {
        guard data.count > 41, data[data.startIndex + 40] == UInt8(ascii: "\n") else { return nil }
        let digest = String(decoding: data.prefix(40), as: UTF8.self)
        let json = data.dropFirst(41)
        guard SHA1.hexDigest(Data(json)) == digest else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let index = try? decoder.decode(DataCacheIndex.self, from: Data(json)), index.version == formatVersion,
            index.entries.values.allSatisfy({ $0.size >= 0 && $0.generation < index.nextGeneration })
        else { return nil }
        return index
    }
}
