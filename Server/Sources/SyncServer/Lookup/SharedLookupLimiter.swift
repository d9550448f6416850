import ProductImport

/// The server's one Open Food Facts rate limit, shared by every household and every request of the process: a
/// token bucket like the kit's ``LookupRateLimiter`` (at most `capacity` reads at once, then one every
/// `60 / perMinute` seconds), except that a read whose slot is further away than `maximumWait` is refused instead
/// of queued, because a page cannot keep its member waiting.
///
/// The kit's limiter reserves a slot before it waits, so a caller that gives up leaves its slot taken; under a rush
/// of pages the reservations would push every later read past any wait a page can afford. Here a refused read
/// takes no slot, and only reads that will be sent are counted: in any window of `w` seconds at most
/// `capacity + perMinute × w / 60` reads start, whatever the number of households or concurrent requests.
///
/// A refusal is the port's ``LookupRateLimitError/stateUnavailable(location:reason:)`` (the port has no case for
/// "not now"); the kit's client then answers ``LookupUnavailableReason/rateLimitUnavailable(reason:)`` without
/// sending anything, which ``OpenFoodFactsLookup`` reads as "rate limit reached".
package actor SharedLookupLimiter: LookupRateLimiting {
    /// Reads per minute, sustained.
    package nonisolated let perMinute: Double
    /// Reads that may start back to back after a quiet spell (at least one).
    package nonisolated let capacity: Double
    /// The longest a read waits for its slot before it is refused.
    package nonisolated let maximumWait: Double
    private let timer: LookupTimer
    private var tokens: Double
    private var updated: Double

    /// Creates a full bucket.
    ///
    /// - Parameters:
    ///   - perMinute: The sustained rate; values below one read in a thousand minutes are raised to it.
    ///   - capacity: The burst; at least one.
    ///   - maximumWait: Seconds a read may wait for its slot; negative values count as none.
    ///   - timer: The clock and the sleep (tests pass their own).
    package init(perMinute: Double, capacity: Double, maximumWait: Double, timer: LookupTimer = .system) {
        self.perMinute = max(0.001, perMinute)
        self.capacity = max(1, capacity)
        self.maximumWait = max(0, maximumWait)
        self.timer = timer
        tokens = max(1, capacity)
        updated = timer.now()
    }

    /// Takes the next slot if it comes within ``maximumWait`` and returns the wait (zero when a token is free), or
    /// `nil` without taking anything.
    package func reserve() -> Double? {
        let now = timer.now()
        let interval = 60 / perMinute
        tokens = min(capacity, tokens + max(0, now - updated) / interval)
        updated = max(updated, now)
        let wait = tokens >= 1 ? 0 : (1 - tokens) * interval
        guard wait <= maximumWait else { return nil }
        tokens -= 1
        return wait
    }

    /// Waits for the caller's slot, or refuses at once when it is further away than ``maximumWait``.
    ///
    /// - Returns: the permit; releasing it changes nothing, the bucket counts reads when they start.
    /// - Throws: ``LookupRateLimitError/stateUnavailable(location:reason:)`` when the slot is too far away (nothing
    ///   is taken); ``LookupRateLimitError/cancelled`` when the task is cancelled while it waits (its slot is not
    ///   given back).
    @discardableResult
    package func acquire() async throws(LookupRateLimitError) -> LookupPermit {
        guard let wait = reserve() else {
            throw .stateUnavailable(location: Self.location, reason: Self.refusal)
        }
        if wait > 0 {
            do { try await timer.sleep(wait) } catch { throw .cancelled }
        }
        return LookupPermit(grantedAt: timer.now())
    }

    /// Where a refusal says it came from.
    static let location = "the server's shared Open Food Facts rate limit"
    /// Why a refusal refused.
    static let refusal = "no read slot free soon enough for a page"
}
