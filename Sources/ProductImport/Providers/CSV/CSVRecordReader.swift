import Foundation

/// The records of a CSV file, read in chunks as they are iterated: memory holds a chunk and the row being read,
/// whatever the file's size. The streaming counterpart of `CSVDocument.init(reading:mapping:delimiter:)`
/// (bytes), and it reads the same way: for the same bytes it gives the same header and the same records (lines,
/// fields, ragged-row warnings, rejected rows), whatever the chunk size.
///
/// The text is decoded as it is read: UTF-8 (with or without a byte order mark) or UTF-16 LE or BE with a byte
/// order mark. The header is read when the reader is created: the delimiter is detected from it (`,`, `;` or
/// tab) unless one is given, and a header that names no identifying column throws then, before any import.
///
/// A row longer than `maximumRecordBytes` (in UTF-8) is not kept whole: it becomes a record rejected with
/// ``ImportRejection/recordTooLarge(bytes:limit:)`` (`bytes` is what was read of it, more than the limit) and
/// the import goes on. When its end is not found within the limit — a long line, or a quoted field opened and
/// not closed, which ``CSVParser`` rejects as never closed — reading resumes on the line after the one the open
/// quoted field began on (or after the long line), where ``CSVParser`` resumes after a field never closed.
///
/// A read error, or bytes that are not valid text, end the records early and are kept in ``failure``: check it
/// after the import (`CSVDocument` throws for such a file instead).
///
/// ```swift
/// let feed = try CSVRecordReader(contentsOf: url)      // reads the header: CSVReadError when nothing can import
/// let report = try await importer.importRecords(feed, total: nil, from: CSVProductNormalizer())
/// if let failure = feed.failure { throw failure }
/// ```
public struct CSVRecordReader: Sequence, Sendable {
    /// The file.
    public let url: URL
    /// The header names, trimmed.
    public let header: [String]
    /// The field separator, given or detected from the header.
    public let delimiter: Unicode.Scalar
    /// Bytes read from the file at a time.
    public let chunkSize: Int
    /// The longest row kept whole, in bytes of UTF-8.
    public let maximumRecordBytes: Int
    private let failureBox = ReadFailure<CSVReadError>()

    /// Opens a CSV file and reads its header: detects the delimiter (`,`, `;` or tab: the one under which the
    /// header line names the most of `mapping`'s columns) unless one is given, and checks the header.
    ///
    /// - Parameters:
    ///   - url: the file.
    ///   - mapping: the columns the header is checked (and the delimiter detected) against.
    ///   - delimiter: the field separator; `nil` detects it from the header.
    ///   - chunkSize: bytes read at a time; at least 4,096.
    ///   - maximumRecordBytes: the longest row kept whole; a longer one is rejected as too large.
    /// - Throws: ``CSVReadError/file(_:)`` when the file cannot be opened or read;
    ///   ``CSVReadError/undecodableText(encoding:byteOffset:)`` when the header is not valid text;
    ///   ``CSVReadError/noKnownColumn(header:)`` when the header names no column that identifies a product
    ///   (barcode, title or SKU), so no row could import (a header row longer than `maximumRecordBytes` names none).
    public init(
        contentsOf url: URL, mapping: CSVColumnMapping = .standard, delimiter: Unicode.Scalar? = nil,
        chunkSize: Int = 1 << 20, maximumRecordBytes: Int = ImportLimits.standard.maximumRecordBytes
    ) throws(CSVReadError) {
        try self.init(
            contentsOf: url, mapping: mapping, delimiter: delimiter, anyChunkSize: Swift.max(4_096, chunkSize),
            maximumRecordBytes: maximumRecordBytes)
    }

    /// Opens a CSV file as `init(contentsOf:mapping:delimiter:chunkSize:maximumRecordBytes:)` does, with chunks of
    /// any size (tests read in chunks of a few bytes).
    package init(
        contentsOf url: URL, mapping: CSVColumnMapping = .standard, delimiter: Unicode.Scalar? = nil, anyChunkSize: Int,
        maximumRecordBytes: Int = ImportLimits.standard.maximumRecordBytes
    ) throws(CSVReadError) {
        let limit = Swift.max(1, maximumRecordBytes)
        var source = try CSVTextSource(url: url, chunkSize: anyChunkSize)
        var detected: Unicode.Scalar?
        if delimiter == nil {
            var line = Self.firstLine(in: source.scalars, isComplete: source.isComplete)
            while line == nil, !source.atEnd, source.scalars.count <= limit {
                source.readMore(atLeast: source.scalars.count)
                line = Self.firstLine(in: source.scalars, isComplete: source.isComplete)
            }
            let range = line ?? 0..<source.scalars.count
            var text = String.UnicodeScalarView()
            text.append(contentsOf: source.scalars[range])
            detected = CSVDocument.detectDelimiter(inLine: String(text), mapping: mapping)
        }
        let chosen = delimiter ?? detected ?? ","
        let headerRow = try Self.headerRow(of: &source, scanner: CSVRowScanner(delimiter: chosen), limit: limit)
        let header = headerRow.map(CSVDocument.header(of:)) ?? []
        guard detected != nil || CSVDocument.score(header, mapping: mapping) > 0 else {
            throw .noKnownColumn(header: header)
        }
        self.url = url
        self.header = header
        self.delimiter = chosen
        self.chunkSize = source.chunkSize
        self.maximumRecordBytes = limit
    }

    /// The read or decoding error that ended the records early, if any.
    public var failure: CSVReadError? { failureBox.value }

    /// An iterator reading the file from its start.
    public func makeIterator() -> Iterator {
        Iterator(reader: self)
    }

    /// Reads records from the file, a chunk at a time.
    public struct Iterator: IteratorProtocol {
        private let reader: CSVRecordReader
        private let scanner: CSVRowScanner
        private var source: CSVTextSource?
        private var position = 0
        private var line = 1
        private var headerSkipped = false
        /// After a row too long to keep: go on after the line break ending the line holding `from`, on `line + 1`.
        private var skipping: (from: Int, line: Int)?

        init(reader: CSVRecordReader) {
            self.reader = reader
            scanner = CSVRowScanner(delimiter: reader.delimiter)
            do {
                var source = try CSVTextSource(url: reader.url, chunkSize: reader.chunkSize)
                position = source.readStart()
                self.source = source
            } catch {
                reader.failureBox.record(error)
            }
        }

        /// The next record, or `nil` at the end of the file (or after a read error).
        public mutating func next() -> CSVRecord? {
            // Taken out of `self` while it is read, so that its buffer is never copied.
            guard var source else { return nil }
            self.source = nil
            defer { self.source = source }
            let limit = reader.maximumRecordBytes
            while true {
                if let skip = skipping {
                    if let resume = CSVRowScanner.nextLineStart(in: source.scalars, after: skip.from, isComplete: source.isComplete) {
                        position = resume
                        line = skip.line + 1
                        skipping = nil
                    } else if source.atEnd {
                        return end(source)
                    } else {
                        // Keep a final `\r`: a `\n` may follow it in the next chunk.
                        let kept = source.scalars.last == "\r" ? source.scalars.count - 1 : source.scalars.count
                        source.drop(upTo: kept)
                        skipping = (0, skip.line)
                        source.readMore()
                        continue
                    }
                }
                switch scanner.scanRow(in: source.scalars, from: position, line: line, isComplete: source.isComplete) {
                case .end:
                    return end(source)
                case .row(let row, let next, let nextLine):
                    let start = position
                    position = next
                    line = nextLine
                    guard let row else { continue }
                    guard headerSkipped else {
                        headerSkipped = true
                        continue
                    }
                    if next - start > limit / 4, case let bytes = source.utf8Count(start..<next), bytes > limit {
                        return tooLarge(line: row.line, bytes: bytes)
                    }
                    return CSVDocument.record(of: row, header: reader.header)
                case .needsMore(let resumeIndex, let resumeLine):
                    if source.atEnd { return end(source) }
                    let pending = source.utf8Count(position..<source.scalars.count)
                    if pending > limit {
                        skipping = (resumeIndex, resumeLine)
                        guard headerSkipped else {
                            headerSkipped = true
                            continue
                        }
                        return tooLarge(line: line, bytes: pending)
                    }
                    source.drop(upTo: position)
                    position = 0
                    source.readMore(atLeast: pending)
                }
            }
        }

        private func tooLarge(line: Int, bytes: Int) -> CSVRecord {
            CSVRecord(
                line: line, header: reader.header, fields: [],
                rejection: .recordTooLarge(bytes: bytes, limit: reader.maximumRecordBytes))
        }

        private func end(_ source: CSVTextSource) -> CSVRecord? {
            if let failure = source.failure { reader.failureBox.record(failure) }
            return nil
        }
    }

    // MARK: - Reading the header

    /// The first non-blank line of a text (lines end at any `Character.isNewline`, as
    /// `CSVDocument.detectDelimiter(in:mapping:)` splits them): its range, an empty range when the text has none,
    /// `nil` when the buffer ends before the line does.
    static func firstLine(in scalars: [Unicode.Scalar], isComplete: Bool) -> Range<Int>? {
        func isNewline(_ scalar: Unicode.Scalar) -> Bool { Character(scalar).isNewline }
        guard let start = scalars.firstIndex(where: { !isNewline($0) }) else { return isComplete ? 0..<0 : nil }
        guard let end = scalars[start...].firstIndex(where: isNewline) else {
            return isComplete ? start..<scalars.count : nil
        }
        return start..<end
    }

    /// The header row: the first row that is not blank; `nil` for a text without rows.
    ///
    /// - Throws: the source's failure when it ends before the header row does; ``CSVReadError/noKnownColumn(header:)``
    ///   for a header row longer than `limit`.
    private static func headerRow(of source: inout CSVTextSource, scanner: CSVRowScanner, limit: Int) throws(CSVReadError) -> CSVRow? {
        var index = source.readStart()
        var line = 1
        while true {
            switch scanner.scanRow(in: source.scalars, from: index, line: line, isComplete: source.isComplete) {
            case .row(let row?, _, _):
                return row
            case .row(nil, let next, let nextLine):
                index = next
                line = nextLine
            case .end:
                return nil
            case .needsMore:
                if let failure = source.failure { throw failure }
                if source.utf8Count(index..<source.scalars.count) > limit { throw .noKnownColumn(header: []) }
                source.readMore(atLeast: source.scalars.count)
            }
        }
    }
}
