import Foundation

/// Counts failed authentications per peer address in a fixed window and blocks a peer that exceeds the limit
/// until its window ends, so guessing tokens costs a blocked attacker nothing on the database.
///
/// Lookups that are still running count too: once a peer has failed in the current window, it may have at most
/// as many lookups running as it has failures left (``beginAttempt(_:now:)``/``endAttempt(_:failed:now:)``), so a
/// burst of overlapping requests cannot slip past the limit while the first ones are still at the database. A
/// peer without a failure in its window is never held back.
///
/// Memory is bounded: at most ``maxTrackedPeers`` peers are remembered; when full, expired windows are dropped
/// first, then the oldest window.
package actor FailedAuthenticationLimiter {
    /// Failures allowed per peer and window.
    package let maxFailures: Int
    /// The window's length.
    package let window: Duration
    /// The most peers remembered at once.
    package let maxTrackedPeers: Int

    private struct Window {
        var start: ContinuousClock.Instant
        var failures: Int
        /// Attempts admitted and not yet ended.
        var running = 0
    }

    private var windows: [String: Window] = [:]

    /// Creates a limiter.
    package init(maxFailures: Int, window: Duration = .seconds(60), maxTrackedPeers: Int = 10_000) {
        self.maxFailures = max(1, maxFailures)
        self.window = window
        self.maxTrackedPeers = max(1, maxTrackedPeers)
    }

    /// Whether `peer` used up its failures in the current window.
    package func isBlocked(_ peer: String, now: ContinuousClock.Instant = .now) -> Bool {
        guard let current = windows[peer] else { return false }
        if now - current.start >= window {
            windows[peer] = nil
            return false
        }
        return current.failures >= maxFailures
    }

    /// Admits one authentication attempt of `peer`, or refuses it (`false`): when the peer used up its failures in
    /// the current window, or when it failed before in this window and its running attempts would use up the rest.
    /// Every admitted attempt must be ended with ``endAttempt(_:failed:now:)``.
    package func beginAttempt(_ peer: String, now: ContinuousClock.Instant = .now) -> Bool {
        guard var current = windows[peer] else { return true }
        if now - current.start >= window {
            current = Window(start: now, failures: 0, running: current.running)
        }
        if current.failures >= maxFailures || (current.failures > 0 && current.failures + current.running >= maxFailures) {
            windows[peer] = current
            return false
        }
        current.running += 1
        windows[peer] = current
        return true
    }

    /// Ends an attempt ``beginAttempt(_:now:)`` admitted; a failed one counts as a failure.
    package func endAttempt(_ peer: String, failed: Bool, now: ContinuousClock.Instant = .now) {
        if var current = windows[peer], current.running > 0 {
            current.running -= 1
            windows[peer] = current
        }
        if failed { recordFailure(peer, now: now) }
    }

    /// Counts one failed authentication of `peer`.
    package func recordFailure(_ peer: String, now: ContinuousClock.Instant = .now) {
        if var current = windows[peer], now - current.start < window {
            current.failures += 1
            windows[peer] = current
            return
        }
        if windows[peer] == nil, windows.count >= maxTrackedPeers { evict(now: now) }
        windows[peer] = Window(start: now, failures: 1, running: windows[peer]?.running ?? 0)
    }

    private func evict(now: ContinuousClock.Instant) {
        windows = windows.filter { now - $0.value.start < window }
        if windows.count >= maxTrackedPeers, let oldest = windows.min(by: { $0.value.start < $1.value.start })?.key {
            windows[oldest] = nil
        }
    }
}
