import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Remembers the answer's head of one task: from `urlSession(_:dataTask:didReceive:completionHandler:)`, or from the
/// task's metrics where a platform reports the head only there.
final class LookupTransferObserver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // URLSession calls the delegate on its own queue while the caller reads `head` after the exchange: `lock`
    // guards `received`, the only mutable state.
    private let lock = NSLock()
    private var received: HTTPURLResponse?
    private var completed = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// The answer's head, once it arrived.
    var head: HTTPURLResponse? { lock.withLock { received } }

    /// The answer's head as the session's delegate queue knows it once the task completed: `data(for:)` can throw
    /// before the queue delivered the head (seen on Linux), and the queue is serial, so after its completion
    /// callback every earlier callback has run. Waits at most `bound` for that callback.
    func settledHead(within bound: Duration = .seconds(1)) async -> HTTPURLResponse? {
        if let head = head { return head }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitForCompletion() }
            group.addTask { try? await Task.sleep(for: bound) }
            await group.next()
            group.cancelAll()
            self.releaseWaiters()
        }
        return head
    }

    private func waitForCompletion() async {
        await withCheckedContinuation { continuation in
            let done = lock.withLock {
                if completed { return true }
                waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    private func releaseWaiters() {
        let pending = lock.withLock {
            defer { waiters = [] }
            return waiters
        }
        pending.forEach { $0.resume() }
    }

    private func note(_ response: URLResponse?) {
        guard let http = response as? HTTPURLResponse else { return }
        lock.withLock { received = received ?? http }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        note(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        note(metrics.transactionMetrics.last?.response)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        note(task.response)
        lock.withLock { completed = true }
        releaseWaiters()
    }
}
