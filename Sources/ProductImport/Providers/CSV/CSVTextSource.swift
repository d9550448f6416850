import Foundation

/// The text of a CSV file, decoded (``CSVTextDecoder``, strict) a chunk at a time into a buffer of scalars that
/// its reader empties as it goes: ``CSVRecordReader``'s input.
struct CSVTextSource {
    /// The file.
    let url: URL
    /// Bytes read from the file at a time, at least.
    let chunkSize: Int
    /// The decoded text not yet dropped.
    private(set) var scalars: [Unicode.Scalar] = []
    /// Whether the buffer ends where the text does, or where a ``failure`` ended it.
    private(set) var atEnd = false
    /// The read or decoding error that ended the text early.
    private(set) var failure: CSVReadError?
    private var handle: FileHandle?
    private var decoder = CSVTextDecoder(strict: true)

    /// Opens a file.
    ///
    /// - Throws: ``CSVReadError/file(_:)`` with ``ImportFileError/unreadable(path:reason:)``.
    init(url: URL, chunkSize: Int) throws(CSVReadError) {
        self.url = url
        self.chunkSize = Swift.max(1, chunkSize)
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw .file(.unreadable(path: url.path, reason: error.localizedDescription))
        }
    }

    /// Whether the buffer holds the whole rest of the text: it ends where the file does, not at an error.
    var isComplete: Bool { atEnd && failure == nil }

    /// Reads and decodes at least `minimum` bytes (at least a chunk), or up to the end of the file.
    mutating func readMore(atLeast minimum: Int = 0) {
        guard let handle, !atEnd else { return }
        var read = 0
        do {
            while read < Swift.max(minimum, chunkSize) {
                guard let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty else {
                    try decoder.decode([], into: &scalars, isLast: true)
                    finish()
                    return
                }
                read += chunk.count
                try decoder.decode(chunk, into: &scalars, isLast: false)
            }
        } catch let error as CSVReadError {
            finish(failure: error)
        } catch {
            finish(failure: .file(.readFailed(path: url.path, reason: error.localizedDescription)))
        }
    }

    /// Reads until the buffer holds the text's first scalar (or the text ends); returns where rows start: 1 after
    /// a byte order mark left in the text (a second one: the decoder drops the first), else 0.
    mutating func readStart() -> Int {
        while scalars.isEmpty, !atEnd { readMore() }
        return scalars.first == "\u{FEFF}" ? 1 : 0
    }

    /// Drops the scalars before `index`; the indexes of the scalars kept go down by `index`.
    mutating func drop(upTo index: Int) {
        scalars.removeSubrange(0..<Swift.min(index, scalars.count))
    }

    /// The size in UTF-8 of the scalars in `range`.
    func utf8Count(_ range: Range<Int>) -> Int {
        scalars[range].reduce(0) { $0 + UTF8.width($1) }
    }

    private mutating func finish(failure: CSVReadError? = nil) {
        self.failure = failure
        atEnd = true
        try? handle?.close()
        handle = nil
    }
}
