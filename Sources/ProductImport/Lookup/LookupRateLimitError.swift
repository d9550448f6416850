/// Why a ``LookupRateLimiting`` gave no permit.
public enum LookupRateLimitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The task was cancelled while it waited for its slot.
    case cancelled
    /// The limiter's shared state (a file beside the store, say) could not be read or written, so no request may
    /// start without risking the limit.
    case stateUnavailable(location: String, reason: String)

    /// One line, such as `the rate limit's state at /data/pantry.sqlite-openfoodfacts is unavailable: …`.
    public var description: String {
        switch self {
        case .cancelled: "cancelled while waiting for a request slot"
        case .stateUnavailable(let location, let reason): "the rate limit's state at \(location) is unavailable: \(reason)"
        }
    }
}
