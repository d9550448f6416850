import Dispatch

/// The baselines' way of using both cores: `transform` applied to every element on every core, results in order
/// (what a hand-written program encoding or parsing many independent rows would do). Kept apart from
/// SQLiteStorage's `ConcurrentCoding` on purpose: a floor must not run the code it is the floor of.
enum ParallelMap {
    /// Elements per slice handed to a core.
    static let sliceSize = 32

    /// `transform` of every element, in order, `sliceSize` elements handed to a core at a time; the first error by
    /// position is thrown.
    static func map<Element: Sendable, Result: Sendable>(
        _ elements: [Element], sliceSize: Int = sliceSize, _ transform: @Sendable (Element) throws -> Result
    ) throws -> [Result] {
        guard elements.count > sliceSize else { return try elements.map(transform) }
        let slices = (elements.count + sliceSize - 1) / sliceSize
        var results = [Swift.Result<[Result], any Error>?](repeating: nil, count: slices)
        results.withUnsafeMutableBufferPointer { buffer in
            let output = Output(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: slices) { slice in
                let range = slice * sliceSize..<min(elements.count, (slice + 1) * sliceSize)
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

    /// The shared output: each slice writes its own element, once.
    private struct Output<Value>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Value>
    }
}
