import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A browser submitting the web app's forms: `POST` of `application/x-www-form-urlencoded` fields with the member's
/// cookie, answered `303 See Other` and not followed, so a timing is the form's own work.
struct WebFormPoster: Sendable {
    private let session: URLSession
    private let base: String

    init(port: Int, timeout: TimeInterval = 60) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 1
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
        base = "http://127.0.0.1:\(port)"
    }

    /// Posts `fields` to `path` and returns the status (`303` when the form was accepted) and the body.
    func post(_ path: String, fields: [(String, String)], cookie: String) async throws -> (status: Int, body: Data) {
        guard let url = URL(string: base + path) else { throw BenchFailure("not a URL: \(base + path)") }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue(cookie, forHTTPHeaderField: "Cookie")
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(fields.map { "\(Self.encoded($0.0))=\(Self.encoded($0.1))" }.joined(separator: "&").utf8)
        let (body, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, body)
    }

    func close() { session.invalidateAndCancel() }

    /// A form field's name or value, percent-encoded as a browser does.
    private static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text).replacingOccurrences(of: "%20", with: "+")
    }
}

/// Answers every redirect with "do not follow": the caller reads the `303` itself.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
