/// The port to a lookup client's rate limit: where the slots of its requests are counted, so a limit can hold
/// across every client that shares the state (the clients of one process, or every process of one store).
///
/// ``OpenFoodFactsClient`` acquires a permit before every request it sends, retries included, and releases it once
/// the request is over (its answer arrived, or it failed). ``LookupRateLimiter`` keeps the state in the process; a
/// limiter whose state lives in a file or a database beside the app's store makes the limit hold for every process
/// that opens that store (``LookupRateWindow`` is the state such a limiter keeps).
///
/// ## Implementer obligations
/// - ``acquire()`` returns only when the caller may send one request now, and counts that request before it
///   returns, so concurrent callers can never overtake the limit.
/// - Document the promise the limiter keeps (``LookupRateLimiter``: a token bucket on start times;
///   ``LookupRateWindow``: at most `limit` requests in any `window` seconds, measured at the server).
/// - A permit that is never released (its process died) must stop counting after a bounded time.
/// - Safe to call concurrently (the protocol refines `Sendable`).
///
/// ```swift
/// let permit = try await limiter.acquire()
/// defer { Task { await limiter.release(permit) } }
/// ```
public protocol LookupRateLimiting: Sendable {
    /// Waits until the caller may send one request, and counts it.
    ///
    /// No default: this is the limiter.
    /// - Returns: the permit of the request, to hand back to ``release(_:)`` once the request is over.
    /// - Throws: ``LookupRateLimitError/cancelled`` when the task is cancelled while it waits (the slot is not
    ///   given back), ``LookupRateLimitError/stateUnavailable(location:reason:)`` when the shared state cannot be
    ///   read or written.
    func acquire() async throws(LookupRateLimitError) -> LookupPermit

    /// Tells the limiter that the request of `permit` is over: its answer arrived, or it failed.
    ///
    /// Default: nothing, for limiters that count requests when they start. A limiter that measures its window from
    /// the end of each request records the end here; it must tolerate a permit released twice or never.
    func release(_ permit: LookupPermit) async
}

// MARK: - Default implementations

extension LookupRateLimiting {
    /// Does nothing: the default for limiters that count requests when they start.
    public func release(_ permit: LookupPermit) async {}
}
