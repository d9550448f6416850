import Foundation

/// Bounded exponential backoff with full jitter, and a cap on attempts.
///
/// The delay before retry `n` (0 for the first retry) is uniformly random in `[0, min(cap, base · 2ⁿ)]`
/// ("full jitter"), so many devices coming back online do not retry in lockstep. After `maxAttempts` failed
/// attempts an operation is quarantined: reported, kept, and no longer retried automatically.
public struct RetryPolicy: Hashable, Sendable, Codable {
    /// The delay ceiling of the first retry, in seconds.
    public var baseDelay: TimeInterval
    /// The largest delay ceiling, in seconds.
    public var maxDelay: TimeInterval
    /// How many failed attempts an operation gets before it is quarantined.
    public var maxAttempts: Int

    /// Creates a policy. Negative or non-finite values are clamped to sane bounds.
    public init(baseDelay: TimeInterval = 1, maxDelay: TimeInterval = 300, maxAttempts: Int = 10) {
        self.baseDelay = baseDelay.isFinite ? max(0, baseDelay) : 1
        self.maxDelay = maxDelay.isFinite ? max(0, maxDelay) : 300
        self.maxAttempts = max(1, maxAttempts)
    }

    /// The default policy: 1 s base, 5 min cap, 10 attempts.
    public static let standard = RetryPolicy()

    /// The upper bound of the delay before retry `attempt` (0-based): `min(maxDelay, baseDelay · 2^attempt)`.
    public func ceiling(forRetry attempt: Int) -> TimeInterval {
        let exponent = Double(min(max(0, attempt), 62))
        return min(maxDelay, baseDelay * pow(2, exponent))
    }

    /// The delay before retry `attempt` (0-based), drawn uniformly from `[0, ceiling(forRetry:)]`.
    public func delay(forRetry attempt: Int, random: RandomSource) -> TimeInterval {
        ceiling(forRetry: attempt) * random.nextUnit()
    }

    /// Whether an operation that has failed `attempts` times is out of attempts.
    package func isExhausted(afterAttempts attempts: Int) -> Bool { attempts >= maxAttempts }
}
