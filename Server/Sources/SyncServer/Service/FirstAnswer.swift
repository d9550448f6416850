import NIOConcurrencyHelpers

/// Waits for work that may not notice cancellation — a statement waiting for a pooled connection to a database
/// that is down — no longer than a bound: the work goes on in a task of its own and is cancelled when the bound
/// passes, and the caller gets on at once.
enum FirstAnswer {
    /// Whether `work` finished without throwing within `limit`.
    static func within(_ limit: Duration, _ work: @escaping @Sendable () async throws -> Void) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let pending = NIOLockedValueBox<CheckedContinuation<Bool, Never>?>(continuation)
            let answer: @Sendable (Bool) -> Void = { value in
                pending.withLockedValue { waiting in
                    waiting?.resume(returning: value)
                    waiting = nil
                }
            }
            let task = Task {
                do {
                    try await work()
                    answer(true)
                } catch {
                    answer(false)
                }
            }
            Task {
                try? await Task.sleep(for: limit)
                task.cancel()
                answer(false)
            }
        }
    }
}
