import Foundation

/// Rows of a large commit handed from the thread that encodes them to the writer that inserts them, a slice at a
/// time and in order: the writer inserts the slices encoded so far while the next ones are encoded, as a
/// hand-written importer encodes a chunk ahead of its writer.
///
/// The encoding side ``publish(_:)``es slices, then ``finish()``es or ``fail(_:)``s; the writer reads them with
/// ``forEachSlice(_:)``, which waits for each slice and throws the encoder's error where it stopped. ``cancel()``
/// (the write failed) tells the encoder to stop early; ``isCancelled`` is what it checks between slices.
final class EncodedRowChannel<Row: Sendable>: @unchecked Sendable {
    // Every stored property below is read and written with `condition` locked.
    private let condition = NSCondition()
    private var slices: [[Row]] = []
    private var failure: (any Error)?
    private var isFinished = false
    private var cancelled = false

    /// A channel the encoder fills.
    init() {}

    /// A channel holding rows encoded already, finished.
    init(encoded rows: [Row]) {
        slices = [rows]
        isFinished = true
    }

    /// Adds the next slice.
    func publish(_ slice: [Row]) {
        locked { slices.append(slice) }
    }

    /// Marks the last slice published.
    func finish() {
        locked { isFinished = true }
    }

    /// Ends the channel with the encoder's error; the writer throws it after the slices published before.
    func fail(_ error: any Error) {
        locked { failure = error }
    }

    /// Asks the encoder to stop: the writer will not read further.
    func cancel() {
        locked { cancelled = true }
    }

    /// Whether the writer stopped reading.
    var isCancelled: Bool {
        locked { cancelled }
    }

    /// Hands each slice to `body` in order as soon as it is published, until the last.
    ///
    /// - Throws: the encoder's error once the slices before it are handed over, or `body`'s error.
    func forEachSlice(_ body: ([Row]) throws -> Void) throws {
        var next = 0
        while true {
            condition.lock()
            while next == slices.count, failure == nil, !isFinished { condition.wait() }
            guard next < slices.count else {
                let error = failure
                condition.unlock()
                if let error { throw error }
                return
            }
            let slice = slices[next]
            condition.unlock()
            next += 1
            try body(slice)
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return body()
    }
}
