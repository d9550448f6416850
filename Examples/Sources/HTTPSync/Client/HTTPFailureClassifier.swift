import Foundation
import InventorySync
#if canImport(FoundationNetworking)
import FoundationNetworking
import SyncWire
#endif

/// How HTTP failures become the ``RemoteSyncError`` the sync engine acts on.
///
/// | failure | error |
/// |---|---|
/// | cannot connect, connection lost, no network | `.offline` |
/// | no answer within the request timeout | `.timeout` |
/// | 5xx, 429 | `.transient(message)` |
/// | 401, 403 | `.unauthorized(message)` — the engine stops the pass and does not retry on its own |
/// | 410 | `.resyncRequired(message)` — the engine drops the cursor and reconciles from the start |
/// | 404, 405, a redirect (3xx), any 4xx whose body is not the API's error envelope | `.misconfigured(message)` |
/// | a host name that does not resolve, a TLS failure | `.misconfigured(message)` |
/// | any other 4xx (the server's envelope: it refused the request on its merits) | `.permanent(message)` |
///
/// `.misconfigured` stops the pass and charges no change: the address is not the sync service's API (a typo in
/// its path, a web server's page, a proxy's redirect, a certificate that does not match). Only the server's own
/// refusal of a request quarantines a change.
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
        case 300...399, 404, 405: return .misconfigured(message)
        case 400...499: return ErrorEnvelope.decode(body) == nil ? .misconfigured(message) : .permanent(message)
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
        case .cannotConnectToHost, .dnsLookupFailed, .networkConnectionLost, .notConnectedToInternet,
            .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            return .offline
        case .cannotFindHost:
            return .misconfigured("the server's host name cannot be found (\(urlError.failingURL?.host ?? "no host"))")
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired, .appTransportSecurityRequiresSecureConnection:
            return .misconfigured("no secure connection to the server (TLS): \(urlError.localizedDescription)")
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return .misconfigured("the server's address redirects elsewhere: \(urlError.localizedDescription)")
        default:
            // Linux's URLSession (libcurl) reports a failed TLS handshake as an unknown error with OpenSSL's text.
            let text = urlError.localizedDescription
            if text.contains("SSL") || text.contains("TLS") {
                return .misconfigured("no secure connection to the server (TLS): \(text)")
            }
            return .transient("network error \(urlError.code.rawValue): \(text)")
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
        let reason = envelope.error.details["reason"].map { ": \($0)" } ?? ""
        return "\(envelope.error.message) (\(envelope.error.code)\(reason), HTTP \(status))"
    }
}
