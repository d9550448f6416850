import Foundation
import InventoryKit
import ProductImport
import Testing

/// Streaming a CSV file: ``CSVRecordReader`` gives what `CSVDocument(reading:)` gives for the same bytes, whatever
/// the chunks, keeps a long row from growing memory, and reports files it cannot read as typed errors.
@Suite("CSV record reader")
struct CSVRecordReaderTests {
    /// A file holding `bytes`, removed when the test process ends.
    static func file(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("csv-reader-\(UUID().uuidString).csv")
        try Data(bytes).write(to: url)
        return url
    }

    /// The header, records and failure of a file read in chunks of `chunkSize` bytes.
    static func read(
        _ bytes: [UInt8], chunkSize: Int, maximumRecordBytes: Int = ImportLimits.standard.maximumRecordBytes
    ) throws -> (header: [String], records: [CSVRecord], failure: CSVReadError?) {
        let url = try file(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = try CSVRecordReader(contentsOf: url, anyChunkSize: chunkSize, maximumRecordBytes: maximumRecordBytes)
        let records = Array(reader)
        return (reader.header, records, reader.failure)
    }

    /// Checks that reading `bytes` in chunks of `chunkSize` agrees with `CSVDocument(reading:)`: the same header
    /// and records, or the same error (a text error found after the header ends the records, in ``failure``).
    /// Returns the number of records compared.
    @discardableResult
    static func expectAgreement(_ bytes: [UInt8], chunkSize: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        let shown = String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription
        do {
            let document = try CSVDocument(reading: Data(bytes))
            let streamed = try read(bytes, chunkSize: chunkSize)
            #expect(streamed.header == document.header, "chunk \(chunkSize): \(shown)", sourceLocation: sourceLocation)
            #expect(streamed.records == document.records, "chunk \(chunkSize): \(shown)", sourceLocation: sourceLocation)
            #expect(streamed.failure == nil, sourceLocation: sourceLocation)
            return document.records.count
        } catch let documentError as CSVReadError {
            do {
                let streamed = try read(bytes, chunkSize: chunkSize)
                #expect(
                    streamed.failure == documentError, "chunk \(chunkSize): \(documentError) but \(String(describing: streamed.failure)): \(shown)",
                    sourceLocation: sourceLocation)
            } catch let readerError as CSVReadError {
                // A header the reader checks before it meets bad bytes further on may fail the check first.
                if case .undecodableText = documentError, case .noKnownColumn = readerError { return 0 }
                #expect(readerError == documentError, "chunk \(chunkSize): \(shown)", sourceLocation: sourceLocation)
            } catch {
                Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
        return 0
    }

    @Test("for 600 generated feeds, read in chunks of 1 byte to 4 KB, the reader gives exactly CSVDocument's records")
    func generatedFeedsAgreeWithTheDocument() {
        var generator = CSVTextGenerator(seed: 31)
        var compared = 0
        for _ in 0..<600 {
            let bytes = generator.feed()
            for chunkSize in [generator.pick([1, 2, 3, 5]), generator.pick([7, 13, 64, 4_096])] {
                compared += Self.expectAgreement(bytes, chunkSize: chunkSize)
            }
        }
        #expect(compared > 4_000, "most feeds have a known column and rows to compare")
    }

    @Test("for 600 mutated feeds (broken UTF-8, stray marks and quotes) the reader agrees with CSVDocument or its error")
    func mutatedFeedsAgreeWithTheDocument() {
        var generator = CSVTextGenerator(seed: 4)
        var fuzz = FuzzInput(seed: 4)
        var compared = 0
        for _ in 0..<600 {
            compared += Self.expectAgreement(fuzz.mutate(generator.feed()), chunkSize: fuzz.int(1..<40))
        }
        #expect(compared > 1_000, "many mutated feeds still read")
    }

    @Test("a quoted field with delimiters, quotes and CRLF line breaks is read whole across chunk boundaries")
    func quotedFieldAcrossChunks() throws {
        let text = "\u{FEFF}barcode;title;size\r\n4006381333931;\"Milk; \"\"whole\"\"\r\nfresh\";1 L\r\n5012345670003;Eggs\r\n"
        for chunkSize in 1...12 {
            let read = try Self.read(Array(text.utf8), chunkSize: chunkSize)
            #expect(read.header == ["barcode", "title", "size"])
            #expect(read.records.map(\.fields) == [["4006381333931", "Milk; \"whole\"\r\nfresh", "1 L"], ["5012345670003", "Eggs"]])
            #expect(read.records.map(\.line) == [2, 4])
            #expect(read.records[1].issues == [.raggedRow(line: 4, expected: 3, found: 2)])
        }
    }

    @Test("a row longer than the limit is rejected as too large and the rows after it are read, with their lines")
    func longRowIsRejected() throws {
        let long = String(repeating: "x", count: 300)
        let read = try Self.read(Array("barcode,title\n1,a\n2,\(long)\n3,c\n".utf8), chunkSize: 16, maximumRecordBytes: 64)
        #expect(read.records.map(\.line) == [2, 3, 4])
        #expect(read.records.map(\.fields) == [["1", "a"], [], ["3", "c"]])
        guard case .recordTooLarge(let bytes, let limit)? = read.records[1].rejection else {
            Issue.record("not rejected as too large: \(read.records[1])")
            return
        }
        #expect(bytes > 64 && bytes <= 2 * 64 + 16 && limit == 64)
    }

    @Test("a quote never closed in a long file is rejected as too large and reading resumes on the next line, as CSVDocument does")
    func unclosedQuoteResumesOnTheNextLine() throws {
        let rest = (4..<40).map { "\($0),row \($0)\n" }.joined()
        let bytes = Array("barcode,title\n1,a\n2,\"open\n\(rest)".utf8)
        let document = try CSVDocument(reading: Data(bytes))
        let read = try Self.read(bytes, chunkSize: 8, maximumRecordBytes: 64)
        #expect(document.records[1].rejection == .malformedRow(line: 3, reason: "a quoted field is never closed"))
        guard case .recordTooLarge? = read.records[1].rejection else {
            Issue.record("not rejected as too large: \(read.records[1])")
            return
        }
        #expect(read.records[1].line == 3)
        #expect(Array(read.records.dropFirst(2)) == Array(document.records.dropFirst(2)))
        #expect(read.records.count == 38)
    }

    @Test("a header that names no known column, or is too long, throws when the reader is created")
    func headerWithoutKnownColumnThrows() throws {
        let unknown = try Self.file(Array("colour;weight\nred;1\n".utf8))
        let empty = try Self.file([])
        let long = try Self.file(Array(("barcode," + String(repeating: "y", count: 200) + "\n1,a\n").utf8))
        defer { [unknown, empty, long].forEach { try? FileManager.default.removeItem(at: $0) } }
        #expect(throws: CSVReadError.noKnownColumn(header: ["colour;weight"])) { try CSVRecordReader(contentsOf: unknown) }
        #expect(throws: CSVReadError.noKnownColumn(header: [])) { try CSVRecordReader(contentsOf: empty) }
        #expect(throws: CSVReadError.noKnownColumn(header: [])) {
            try CSVRecordReader(contentsOf: long, anyChunkSize: 16, maximumRecordBytes: 64)
        }
        #expect(throws: CSVReadError.noKnownColumn(header: ["colour;weight"])) {
            try CSVDocument(reading: Data("colour;weight\nred;1\n".utf8))
        }
    }

    @Test("a missing file, a folder and bad bytes in the header throw typed errors")
    func unreadableFilesThrow() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("csv-reader-missing-\(UUID().uuidString).csv")
        #expect {
            try CSVRecordReader(contentsOf: missing)
        } throws: { error in
            guard case .file(.unreadable(let path, _))? = error as? CSVReadError else { return false }
            return path == missing.path
        }
        let folder = FileManager.default.temporaryDirectory
        #expect(throws: CSVReadError.self) { try CSVRecordReader(contentsOf: folder) }
        let bad = try Self.file(Array("barcode,ti".utf8) + [0xC3, 0x28] + Array("tle\n1,a\n".utf8))
        defer { try? FileManager.default.removeItem(at: bad) }
        #expect(throws: CSVReadError.undecodableText(encoding: "UTF-8", byteOffset: 10)) { try CSVRecordReader(contentsOf: bad) }
    }

    @Test("bad bytes after the header end the records early and are kept in failure, the error CSVDocument throws")
    func badBytesLaterAreTheFailure() throws {
        let bytes = Array("barcode,title\n1,a\n2,b\n3,".utf8) + [0xFF] + Array("c\n4,d\n".utf8)
        let read = try Self.read(bytes, chunkSize: 4_096)
        #expect(read.records.map(\.fields) == [["1", "a"], ["2", "b"]])
        #expect(read.failure == .undecodableText(encoding: "UTF-8", byteOffset: 24))
        #expect(throws: CSVReadError.undecodableText(encoding: "UTF-8", byteOffset: 24)) { try CSVDocument(reading: Data(bytes)) }
    }

    @Test("the public initializer reads at least 4,096 bytes at a time, and a reader iterates the same records twice")
    func chunkSizeAndRepeatedIteration() throws {
        let url = try Self.file(Array("\u{FEFF}title\tbarcode\nMilk\t4006381333931\n".utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = try CSVRecordReader(contentsOf: url, chunkSize: 1)
        #expect(reader.chunkSize == 4_096 && reader.delimiter == "\t" && reader.header == ["title", "barcode"])
        #expect(Array(reader) == Array(reader))
        #expect(Array(reader).map(\.fields) == [["Milk", "4006381333931"]])
        #expect(reader.failure == nil)
    }
}
