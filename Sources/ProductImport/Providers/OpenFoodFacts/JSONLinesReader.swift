import Foundation

/// The lines of a JSON Lines file (Open Food Facts' JSONL dump), read in chunks as they are iterated: memory
/// holds one chunk and one line, whatever the file's size. Blank lines are skipped and a trailing `\r` is
/// dropped, as ``OpenFoodFactsNormalizer/records(fromJSONLines:)`` does, so record numbers agree.
///
/// A line longer than `maximumLineBytes` is not kept whole: its first `maximumLineBytes + 1` bytes stand for it,
/// so the normalizer rejects it as too large (``ImportRejection/recordTooLarge(bytes:limit:)``) and the import
/// goes on. A read error ends the lines early and is kept in ``failure``: check it after the import.
///
/// ```swift
/// let lines = try JSONLinesReader(contentsOf: url)
/// let report = try await importer.importRecords(lines, total: nil, from: OpenFoodFactsNormalizer())
/// if let failure = lines.failure { throw failure }
/// ```
public struct JSONLinesReader: Sequence, Sendable {
    /// The file.
    public let url: URL
    /// Bytes read from the file at a time.
    public let chunkSize: Int
    /// The longest line kept whole.
    public let maximumLineBytes: Int
    private let failureBox = ReadFailure<ImportFileError>()

    /// Opens a file for reading its lines.
    ///
    /// - Throws: ``ImportFileError/unreadable(path:reason:)`` when the file cannot be opened.
    public init(
        contentsOf url: URL, chunkSize: Int = 1 << 20, maximumLineBytes: Int = ImportLimits.standard.maximumRecordBytes
    ) throws(ImportFileError) {
        do {
            try FileHandle(forReadingFrom: url).close()
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        self.url = url
        self.chunkSize = Swift.max(4_096, chunkSize)
        self.maximumLineBytes = Swift.max(1, maximumLineBytes)
    }

    /// The read error that ended the lines early, if any.
    public var failure: ImportFileError? { failureBox.value }

    /// An iterator reading the file from its start.
    public func makeIterator() -> Iterator {
        Iterator(reader: self)
    }

    /// Reads lines from the file, a chunk at a time.
    public struct Iterator: IteratorProtocol {
        private let reader: JSONLinesReader
        private var handle: FileHandle?
        private var buffer: [UInt8] = []
        private var start = 0
        private var atEnd = false

        init(reader: JSONLinesReader) {
            self.reader = reader
            do {
                handle = try FileHandle(forReadingFrom: reader.url)
            } catch {
                reader.failureBox.record(.unreadable(path: reader.url.path, reason: error.localizedDescription))
                atEnd = true
            }
        }

        /// The next non-blank line, or `nil` at the end of the file (or after a read error).
        public mutating func next() -> Data? {
            while let line = nextLine() {
                if let record = Self.record(line) { return record }
            }
            return nil
        }

        private mutating func nextLine() -> ArraySlice<UInt8>? {
            var oversized: Data?
            while true {
                if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    let line = buffer[start..<newline]
                    start = newline + 1
                    if let oversized { return ArraySlice(oversized) }
                    return line
                }
                if atEnd {
                    guard start < buffer.count || oversized != nil else { return nil }
                    let line = buffer[start...]
                    start = buffer.count
                    if let oversized { return ArraySlice(oversized) }
                    return line
                }
                // A line too long to keep: keep its head, drop the rest up to its newline.
                if buffer.count - start > reader.maximumLineBytes {
                    if oversized == nil { oversized = Data(buffer[start..<(start + reader.maximumLineBytes + 1)]) }
                    start = buffer.count
                }
                readChunk()
            }
        }

        private mutating func readChunk() {
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            guard let handle else {
                atEnd = true
                return
            }
            do {
                if let chunk = try handle.read(upToCount: reader.chunkSize), !chunk.isEmpty {
                    buffer.append(contentsOf: chunk)
                } else {
                    atEnd = true
                    try? handle.close()
                    self.handle = nil
                }
            } catch {
                reader.failureBox.record(.readFailed(path: reader.url.path, reason: error.localizedDescription))
                atEnd = true
                try? handle.close()
                self.handle = nil
            }
        }

        private static func record(_ line: ArraySlice<UInt8>) -> Data? {
            let trimmed = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
            return trimmed.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) ? nil : Data(trimmed)
        }
    }
}
