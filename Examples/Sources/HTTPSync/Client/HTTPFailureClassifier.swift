import Foundation
import InventorySync
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How HTTP failures become the ``RemoteSyncError`` the sync engine acts on.
///
/// | failure | error |
/// |---|---|
/// | cannot connect, host not found, connection lost, no network | `.offline` |
/// | no answer within the request timeout | `.timeout` |
/// | 5xx, 429 | `.transient(message)` |
/// | 401, 403 | `.unauthorized(message)` — the engine stops the pass and does not retry on its own |
/// | 410 | `.resyncRequired(message)` — the engine drops the cursor and reconciles from the start |
/// | any other 4xx | `.permanent(message)` |
///
/// The message is the error envelope's `message` (with its code and its `details.reason`, such as
/// ``householdErasedReason``), or `HTTP <status>` when the body is not an envelope.
public enum HTTPFailureClassifier {
    /// The error for an HTTP answer that is not a success.
    public static func classify(status: Int, body: Data) -> RemoteSyncError {
        let message = self.message(status: status, body: body)
        switch status {
        case 401, 403: return .unauthorized(message)
        case 410: return .resyncRequired(message)
        case 429, 500...599: return .transient(message)
        case 400...499: return .permanent(message)
        default: return .transient(message)
        }
    }

    /// The error for a request that got no HTTP answer.
    public static func classify(transportError error: any Error) -> RemoteSyncError {
        if let remote = error as? RemoteSyncError { return remote }
        guard let urlError = error as? URLError else { return .transient(String(describing: error)) }
        switch urlError.code {
        case .timedOut:
            return .timeout
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .networkConnectionLost, .notConnectedToInternet,
            .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            return .offline
        default:
            return .transient("network error \(urlError.code.rawValue): \(urlError.localizedDescription)")
        }
    }

    /// Whether a failed answer may be retried inside the call when it carries `Retry-After`.
    public static func honoursRetryAfter(status: Int) -> Bool {
        status == 429 || (500...599).contains(status)
    }

    /// The wait a `Retry-After` header asks for, in seconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3);
    /// `nil` when absent or unreadable.
    public static func retryAfter(_ header: String?, now: Date) -> TimeInterval? {
        guard let text = header?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let seconds = Int(text) { return seconds >= 0 ? TimeInterval(seconds) : nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// The `details.reason` the server gives a token of an erased household: no token of it will work again.
    public static let householdErasedReason = "household_erased"

    /// The envelope's message and code (with its `details.reason`, when it gives one), or `HTTP <status>`.
    static func message(status: Int, body: Data) -> String {
        guard let envelope = ErrorEnvelope.decode(body) else { return "HTTP \(status)" }
        let reason = envelope.error.details?["reason"].map { ": \($0)" } ?? ""
        return "\(envelope.error.message) (\(envelope.error.code)\(reason), HTTP \(status))"
    }
}
