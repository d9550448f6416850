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

    /// The answer's head, once it arrived.
    var head: HTTPURLResponse? { lock.withLock { received } }

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
}
