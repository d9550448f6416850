import Dispatch

/// Encodes the rows of a large commit, and decodes the rows of a large read, on every core: the database writes
/// and reads one row at a time, but the rows' JSON does not depend on each other.
enum ConcurrentCoding {
    /// The fewest rows of a commit worth spreading over the cores; smaller commits encode on the calling thread.
    static let minimumRows = 128
    /// The fewest rows of a read worth spreading: decoding a row costs several times encoding it, so two slices
    /// (a push round of outbox entries) already pay for the hand-over.
    static let minimumDecodedRows = 2 * sliceSize
    /// Rows per slice: large enough that handing slices out costs nothing, small enough that the cores finish
    /// together.
    static let sliceSize = 32

    /// `transform` applied to every element, results in order; the first error (by position) is thrown.
    ///
    /// - Parameter minimum: the fewest elements spread over the cores; fewer are transformed on the calling thread.
    static func map<Element: Sendable, Result: Sendable>(
        _ elements: [Element], minimum: Int = minimumRows, _ transform: @Sendable (Element) throws -> Result
    ) throws -> [Result] {
        guard elements.count >= max(minimum, 2) else { return try elements.map(transform) }
        let slices = (elements.count + sliceSize - 1) / sliceSize
        var results = [Swift.Result<[Result], any Error>?](repeating: nil, count: slices)
        results.withUnsafeMutableBufferPointer { buffer in
            let output = SliceOutput(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: slices) { slice in
                let range = slice * sliceSize..<min(elements.count, (slice + 1) * sliceSize)
                // Each slice writes its own element of the output, once.
                output.buffer[slice] = Swift.Result { try elements[range].map(transform) }
            }
        }
        var mapped: [Result] = []
        mapped.reserveCapacity(elements.count)
        for result in results {
            guard let result else { continue }
            mapped += try result.get()
        }
        return mapped
    }

    /// The output buffer, shared by the slices: each writes a different element.
    private struct SliceOutput<Value>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Value>
    }
}
