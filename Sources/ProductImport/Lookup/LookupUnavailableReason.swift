/// Why a ``BarcodeLookup`` got no usable answer.
public enum LookupUnavailableReason: Error, Hashable, Sendable, CustomStringConvertible {
    /// No answer within the request timeout, in seconds.
    case timedOut(after: Double)
    /// The server failed (HTTP 5xx) on every attempt; the last status.
    case serverError(status: Int)
    /// An HTTP status the client does not expect.
    case unexpectedStatus(Int)
    /// The body was cut short or is not a record the normalizer accepts.
    case malformedBody(reason: String)
    /// No connection to the server (offline, host unreachable, connection refused or lost).
    case offline(reason: String)
    /// Any other transport failure.
    case transport(reason: String)
    /// The rate limit's shared state could not be read or written, so no request was sent (see
    /// ``LookupRateLimitError/stateUnavailable(location:reason:)``).
    case rateLimitUnavailable(reason: String)
    /// The lookup was cancelled.
    case cancelled

    /// Whether the failure is one of connectivity, where a cached copy is the right answer.
    public var isOffline: Bool {
        if case .offline = self { return true }
        return false
    }

    /// One line, such as `timed out after 10.0 s`.
    public var description: String {
        switch self {
        case .timedOut(let seconds): "timed out after \(seconds) s"
        case .serverError(let status): "server error (HTTP \(status))"
        case .unexpectedStatus(let status): "unexpected HTTP status \(status)"
        case .malformedBody(let reason): "malformed or truncated body: \(reason)"
        case .offline(let reason): "offline: \(reason)"
        case .transport(let reason): "transport failure: \(reason)"
        case .rateLimitUnavailable(let reason): "no request sent: \(reason)"
        case .cancelled: "cancelled"
        }
    }
}
