import Foundation

/// The injected time of a lookup client: a monotonic reading in seconds and a sleep, so the rate limiter and the
/// retry backoff run instantly and deterministically in tests.
///
/// ```swift
/// let timer = LookupTimer.system
/// let virtual = LookupTimer(now: { box.seconds }, sleep: { box.seconds += $0 })   // a test's own clock
/// ```
public struct LookupTimer: Sendable {
    /// Seconds on a monotonic scale (only differences matter).
    public let now: @Sendable () -> Double
    /// Suspends for the given seconds; throws `CancellationError` when the task is cancelled.
    public let sleep: @Sendable (Double) async throws -> Void

    /// Creates a timer from a reading and a sleep.
    public init(now: @escaping @Sendable () -> Double, sleep: @escaping @Sendable (Double) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The system's monotonic clock and `Task.sleep`.
    public static var system: LookupTimer {
        let start = ContinuousClock.now
        return LookupTimer(
            now: {
                let elapsed = ContinuousClock.now - start
                return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            },
            sleep: { seconds in
                guard seconds > 0 else { return }
                try await Task.sleep(nanoseconds: UInt64(min(seconds, 86_400) * 1e9))
            })
    }
}
