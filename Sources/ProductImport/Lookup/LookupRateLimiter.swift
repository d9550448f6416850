/// The in-process ``LookupRateLimiting``: a token bucket shared by every request of a lookup client, at most
/// `capacity` requests at once, then one every `60 / perMinute` seconds.
///
/// Each call reserves its slot before it waits, so concurrent callers can never overtake the rate: in any window
/// of `w` seconds at most `capacity + perMinute × w / 60` requests start. The state lives in this actor, so the
/// promise covers the clients that share it within one process; processes that share a store share a limiter
/// whose state lives beside the store instead (see ``LookupRateWindow``).
///
/// ```swift
/// let limiter = LookupRateLimiter(perMinute: 15, capacity: 1, timer: .system)
/// try await limiter.acquire()   // waits for the caller's slot
/// ```
public actor LookupRateLimiter: LookupRateLimiting {
    /// Requests per minute, sustained.
    public nonisolated let perMinute: Double
    /// Requests that may start back to back after a quiet spell (at least 1).
    public nonisolated let capacity: Double
    private let timer: LookupTimer
    private var tokens: Double
    private var updated: Double

    /// Creates a full bucket.
    ///
    /// - Parameters:
    ///   - perMinute: The sustained rate; values below 0.001 are raised to it.
    ///   - capacity: The burst; at least 1.
    ///   - timer: The clock and the sleep.
    public init(perMinute: Double, capacity: Double = 1, timer: LookupTimer) {
        self.perMinute = max(0.001, perMinute)
        self.capacity = max(1, capacity)
        self.timer = timer
        tokens = max(1, capacity)
        updated = timer.now()
    }

    /// Reserves the next slot and returns how long the caller must wait for it (0 when a token is free).
    public func reserve() -> Double {
        let now = timer.now()
        let interval = 60 / perMinute
        tokens = min(capacity, tokens + max(0, now - updated) / interval)
        updated = max(updated, now)
        tokens -= 1
        return tokens >= 0 ? 0 : -tokens * interval
    }

    /// Waits for the caller's slot.
    ///
    /// - Returns: the permit; releasing it changes nothing, the bucket counts requests when they start.
    /// - Throws: ``LookupRateLimitError/cancelled`` when the task is cancelled while it waits (its slot is not
    ///   given back).
    @discardableResult
    public func acquire() async throws(LookupRateLimitError) -> LookupPermit {
        let wait = reserve()
        if wait > 0 {
            do { try await timer.sleep(wait) } catch { throw .cancelled }
        }
        return LookupPermit(grantedAt: timer.now())
    }
}
