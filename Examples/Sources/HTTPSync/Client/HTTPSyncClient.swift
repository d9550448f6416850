import Foundation
import InventoryModule
import InventorySync
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP side shared by ``HTTPProductGateway`` and ``HTTPInventoryGateway``: builds authenticated JSON requests
/// to the sync server, sends them through one `URLSession` with a request timeout, and turns every failure into
/// the ``RemoteSyncError`` the sync engine needs (see ``HTTPFailureClassifier``).
///
/// A 429 or 5xx answer with a `Retry-After` of at most ``HTTPSyncConfiguration/maximumRetryAfter`` seconds is
/// waited out and sent again inside the call, up to ``HTTPSyncConfiguration/maximumAttempts`` sends; otherwise it
/// is thrown as `.transient` so the engine backs off. Every request of the API is safe to repeat: pushes are
/// idempotent by operation id.
///
/// ```swift
/// let client = HTTPSyncClient(configuration: configuration)
/// let answer = try await client.get(["changes"], query: [URLQueryItem(name: "after", value: "0")])
/// ```
public struct HTTPSyncClient: Sendable {
    /// The server, household, token and limits.
    public let configuration: HTTPSyncConfiguration
    private let session: URLSession

    /// Creates a client; without a session, one of its own with the configuration's request timeout and no
    /// caching or cookies.
    public init(configuration: HTTPSyncConfiguration, session: URLSession? = nil) {
        self.configuration = configuration
        if let session {
            self.session = session
        } else {
            let sessionConfiguration = URLSessionConfiguration.ephemeral
            sessionConfiguration.timeoutIntervalForRequest = configuration.requestTimeout
            sessionConfiguration.timeoutIntervalForResource = configuration.requestTimeout * 2
            sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
            sessionConfiguration.httpShouldSetCookies = false
            self.session = URLSession(configuration: sessionConfiguration)
        }
    }

    /// An answer with a status the caller accepts.
    public struct Answer: Sendable {
        /// The HTTP status.
        public var status: Int
        /// The body.
        public var body: Data
    }

    /// `GET` a path under the household (`households/{id}/…`).
    ///
    /// - Parameter accepting: Statuses besides 2xx returned as answers instead of thrown (a fetch's 404).
    /// - Throws: ``RemoteSyncError``, or `CancellationError` when the task is cancelled.
    public func get(_ path: [String], query: [URLQueryItem] = [], accepting: Set<Int> = []) async throws -> Answer {
        try await send(method: "GET", path: path, query: query, body: nil, accepting: accepting)
    }

    /// `POST` a JSON body to a path under the household (`households/{id}/…`).
    ///
    /// - Parameter accepting: Statuses besides 2xx returned as answers instead of thrown (a push's 413).
    /// - Throws: ``RemoteSyncError``, or `CancellationError` when the task is cancelled.
    public func post(_ path: [String], json body: Data, accepting: Set<Int> = []) async throws -> Answer {
        try await send(method: "POST", path: path, query: [], body: body, accepting: accepting)
    }

    /// Sends a request to a path under the household (`[]`: the household itself), honouring a short `Retry-After`
    /// unless `waitsForRetryAfter` is `false`.
    func send(
        method: String, path: [String], query: [URLQueryItem], body: Data?, accepting: Set<Int>, waitsForRetryAfter: Bool = true
    ) async throws -> Answer {
        let request = try makeRequest(method: method, path: path, query: query, body: body)
        var attempt = 1
        while true {
            try Task.checkCancellation()
            let data: Data
            let response: URLResponse
            do {
                (data, response) = try await session.data(for: request)
            } catch {
                if Task.isCancelled { throw CancellationError() }
                throw HTTPFailureClassifier.classify(transportError: error)
            }
            guard let http = response as? HTTPURLResponse else { throw RemoteSyncError.transient("not an HTTP answer") }
            let status = http.statusCode
            if (200...299).contains(status) || accepting.contains(status) { return Answer(status: status, body: data) }
            let failure = HTTPFailureClassifier.classify(status: status, body: data)
            guard waitsForRetryAfter, HTTPFailureClassifier.honoursRetryAfter(status: status), attempt < configuration.maximumAttempts,
                let wait = HTTPFailureClassifier.retryAfter(http.value(forHTTPHeaderField: "Retry-After"), now: configuration.now()),
                wait <= configuration.maximumRetryAfter
            else { throw failure }
            try await configuration.sleep.wait(wait)
            attempt += 1
        }
    }

    /// The characters a path segment keeps as they are.
    private static let segmentCharacters = CharacterSet(charactersIn: "-_~").union(
        CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"))

    /// The request for a path under the household, with the bearer token and JSON headers.
    private func makeRequest(method: String, path: [String], query: [URLQueryItem], body: Data?) throws -> URLRequest {
        let base = configuration.apiRoot.appendingPathComponent("households").appendingPathComponent(configuration.householdID.rawValue)
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
            throw RemoteSyncError.permanent("cannot build a URL from \(base)")
        }
        // One segment each, everything but unreserved letters, digits, `-`, `_` and `~` percent-encoded: a product id
        // `a/b` is `a%2Fb`, `50%off` is `50%25off`, `..` is `%2E%2E` (never a step up the path).
        for segment in path {
            components.percentEncodedPath += "/" + (segment.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? "")
        }
        if !query.isEmpty { components.queryItems = query }
        guard let url = components.url else { throw RemoteSyncError.permanent("cannot build a URL from \(base)") }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: configuration.requestTimeout)
        request.httpMethod = method
        request.setValue("Bearer \(configuration.token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = body
        }
        return request
    }
}
