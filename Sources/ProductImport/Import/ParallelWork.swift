import Foundation

/// Runs pure per-record work (fingerprints, normalization) on every core: the input is cut into contiguous
/// slices, several per worker, so a worker that shares its core (with the writer of the batch before, say) takes
/// fewer of them instead of holding the others back; the results come back in input order.
enum ParallelWork {
    /// The number of workers: the active processor count, at least 1.
    static var workers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// How many slices each worker gets, at most.
    static let slicesPerWorker = 8

    /// `transform` applied to every element, in order; small inputs run on the calling task.
    ///
    /// - Parameter sparedCores: Cores left to other work running meanwhile (the writer of the batch before): its
    ///   thread then keeps a core of its own instead of sharing one with a worker and finishing last.
    static func map<Element: Sendable, Result: Sendable>(
        _ elements: [Element], minimumPerWorker: Int = 32, sparingCores sparedCores: Int = 0,
        _ transform: @escaping @Sendable (Element) -> Result
    ) async -> [Result] {
        let workers = min(max(1, Self.workers - sparedCores), elements.count / max(1, minimumPerWorker))
        guard workers > 1 else { return elements.map(transform) }
        let slices = min(workers * slicesPerWorker, max(workers, elements.count / max(1, minimumPerWorker)))
        let sliceSize = (elements.count + slices - 1) / slices
        return await withTaskGroup(of: (Int, [Result]).self) { group in
            for start in stride(from: 0, to: elements.count, by: sliceSize) {
                let slice = Array(elements[start..<min(elements.count, start + sliceSize)])
                group.addTask { (start, slice.map(transform)) }
            }
            var parts: [(Int, [Result])] = []
            for await part in group { parts.append(part) }
            return parts.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }
}
