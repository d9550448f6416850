import Foundation

/// Counts failed authentications per peer address in a fixed window and blocks a peer that exceeds the limit
/// until its window ends, so guessing tokens costs a blocked attacker nothing on the database.
///
/// Memory is bounded: at most ``maxTrackedPeers`` peers are remembered; when full, expired windows are dropped
/// first, then the oldest window.
public actor FailedAuthenticationLimiter {
    /// Failures allowed per peer and window.
    public let maxFailures: Int
    /// The window's length.
    public let window: Duration
    /// The most peers remembered at once.
    public let maxTrackedPeers: Int

    private struct Window {
        var start: ContinuousClock.Instant
        var failures: Int
    }

    private var windows: [String: Window] = [:]

    /// Creates a limiter.
    public init(maxFailures: Int, window: Duration = .seconds(60), maxTrackedPeers: Int = 10_000) {
        self.maxFailures = max(1, maxFailures)
        self.window = window
        self.maxTrackedPeers = max(1, maxTrackedPeers)
    }

    /// Whether `peer` used up its failures in the current window.
    public func isBlocked(_ peer: String, now: ContinuousClock.Instant = .now) -> Bool {
        guard let current = windows[peer] else { return false }
        if now - current.start >= window {
            windows[peer] = nil
            return false
        }
        return current.failures >= maxFailures
    }

    /// Counts one failed authentication of `peer`.
    public func recordFailure(_ peer: String, now: ContinuousClock.Instant = .now) {
        if var current = windows[peer], now - current.start < window {
            current.failures += 1
            windows[peer] = current
            return
        }
        if windows[peer] == nil, windows.count >= maxTrackedPeers { evict(now: now) }
        windows[peer] = Window(start: now, failures: 1)
    }

    private func evict(now: ContinuousClock.Instant) {
        windows = windows.filter { now - $0.value.start < window }
        if windows.count >= maxTrackedPeers, let oldest = windows.min(by: { $0.value.start < $1.value.start })?.key {
            windows[oldest] = nil
        }
    }
}
