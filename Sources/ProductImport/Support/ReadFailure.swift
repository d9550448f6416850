import Foundation

/// The first error of a streamed read, shared by the copies of a reader and their iterators (``JSONLinesReader``,
/// ``CSVRecordReader``): an iterator records it, the caller reads it after the import.
///
/// `@unchecked Sendable`: the stored error is only read and written under `lock`.
final class ReadFailure<Failure: Error & Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Failure?

    /// Creates an empty box.
    init() {}

    /// The first error recorded, if any.
    var value: Failure? { lock.withLock { stored } }

    /// Keeps `error` unless an error was recorded before.
    func record(_ error: Failure) {
        lock.withLock { if stored == nil { stored = error } }
    }
}
