import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
import SyncWire
#endif

/// Whether an HTTP answer comes from the sync server's API at all: not redirected elsewhere, and JSON where the
/// API answers JSON. An answer that fails this check says nothing about the change that was sent; the client
/// throws `RemoteSyncError.misconfigured` for it, which charges no change.
struct APIAnswerCheck {
    /// The request as sent.
    var request: URLRequest
    /// The answer.
    var response: HTTPURLResponse
    /// The answer's body.
    var body: Data
    /// Statuses besides 2xx the caller reads as answers (a fetch's 404, a push's 413).
    var accepting: Set<Int>

    /// What shows the answer is not the API's, or `nil` when it may be.
    var mismatch: String? {
        let status = response.statusCode
        if let sent = request.url, let answered = response.url, !Self.sameResource(sent, answered) {
            return "it redirected the request to \(Self.redacted(answered))"
        }
        if (300...399).contains(status) {
            let target = response.value(forHTTPHeaderField: "Location").map { " to \($0)" } ?? ""
            return "it answered a redirect (HTTP \(status))\(target)"
        }
        let read = (200...299).contains(status) || accepting.contains(status)
        guard read, !body.isEmpty else { return nil }
        // The API answers JSON, and a snapshot's state as bytes; a web server's or a proxy's page is HTML or text.
        let type = response.value(forHTTPHeaderField: "Content-Type")?.lowercased() ?? ""
        guard Self.apiContentTypes.contains(where: type.contains) else {
            return "it answered HTTP \(status) with \(type.isEmpty ? "no content type" : type), not the API's JSON"
        }
        // A status the caller reads as "not there" must be the API's own error envelope.
        if !(200...299).contains(status), ErrorEnvelope.decode(body) == nil {
            return "it answered HTTP \(status) without the API's error envelope"
        }
        return nil
    }

    /// The content types the sync API answers with: JSON, and `application/octet-stream` for a snapshot's state.
    static let apiContentTypes = ["json", "application/octet-stream"]

    /// Whether two URLs name the same resource (a redirect changes scheme, host, port or path).
    private static func sameResource(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && a.port == b.port && a.path == b.path
    }

    /// A URL without its query or credentials, for a message.
    static func redacted(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.path }
        components.query = nil
        components.user = nil
        components.password = nil
        return components.string ?? url.path
    }
}
