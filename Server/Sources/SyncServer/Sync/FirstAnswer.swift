import NIOConcurrencyHelpers

/// Waits for work that may not notice cancellation — a statement waiting for a pooled connection to a database
/// that is down, a fold shared with other readers — no longer than a bound, or than the caller's task: the work
/// goes on in a task of its own (cancelled when the bound passes), and the caller gets on at once.
enum FirstAnswer {
    /// Whether `work` finished without throwing within `limit` (no limit when `nil`) and before the calling task
    /// was cancelled.
    static func within(_ limit: Duration?, _ work: @escaping @Sendable () async throws -> Void) async -> Bool {
        let pending = NIOLockedValueBox<CheckedContinuation<Bool, Never>?>(nil)
        let answer: @Sendable (Bool) -> Void = { value in
            pending.withLockedValue { waiting in
                waiting?.resume(returning: value)
                waiting = nil
            }
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                pending.withLockedValue { $0 = continuation }
                // Cancelled before the continuation was stored: the handler found nothing to resume.
                if Task.isCancelled { answer(false) }
                let task = Task {
                    do {
                        try await work()
                        answer(true)
                    } catch {
                        answer(false)
                    }
                }
                if let limit {
                    Task {
                        try? await Task.sleep(for: limit)
                        task.cancel()
                        answer(false)
                    }
                }
            }
        } onCancel: {
            answer(false)
        }
    }
}
