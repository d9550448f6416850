import Foundation

/// Hands out outbox sequence numbers: increasing, and unique even when many calls overlap and across restarts.
///
/// The first call reads the store's high-water mark once (every overlapping first call waits for that one read);
/// every later call counts up in memory. The stores keep the mark durable: it is the highest sequence they ever
/// committed, so numbers are not reused after acknowledged entries left the outbox.
package actor OutboxSequencer {
    private let readLast: @Sendable () async throws -> Int64
    private var last: Int64?
    private var loading: Task<Int64, any Error>?

    /// Creates a sequencer reading the store's last sequence with `readLast`.
    package init(readLast: @escaping @Sendable () async throws -> Int64) {
        self.readLast = readLast
    }

    /// The next `count` sequence numbers (at least one), in order.
    ///
    /// - Throws: the store's error when the first read fails (the next call reads again).
    package func next(_ count: Int = 1) async throws -> ClosedRange<Int64> {
        let start = try await loaded() + 1
        let end = start + Int64(max(1, count)) - 1
        last = end
        return start...end
    }

    private func loaded() async throws -> Int64 {
        if let last { return last }
        if let loading { return try await current(after: loading) }
        let task = Task { [readLast] in try await readLast() }
        loading = task
        return try await current(after: task)
    }

    /// The value after the load finished: the loaded one, unless an overlapping call has counted on already.
    private func current(after task: Task<Int64, any Error>) async throws -> Int64 {
        do {
            let stored = try await task.value
            if last == nil { last = stored }
            loading = nil
            return last ?? stored
        } catch {
            loading = nil
            throw error
        }
    }
}
