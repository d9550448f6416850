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
                let failure = HTTPFailureClassifier.classify(transportError: error)
                if case .misconfigured(let reason) = failure {
                    throw RemoteSyncError.misconfigured("\(APIAnswerCheck.redacted(configuration.apiRoot)) cannot be reached as configured: \(reason)")
                }
                throw failure
            }
            guard let http = response as? HTTPURLResponse else { throw RemoteSyncError.transient("not an HTTP answer") }
            let status = http.statusCode
            if let mismatch = APIAnswerCheck(request: request, response: http, body: data, accepting: accepting).mismatch {
                throw await misconfigured(request, mismatch)
            }
            if (200...299).contains(status) || accepting.contains(status) { return Answer(status: status, body: data) }
            let failure = HTTPFailureClassifier.classify(status: status, body: data)
            if case .misconfigured(let reason) = failure { throw await misconfigured(request, reason) }
            guard waitsForRetryAfter, HTTPFailureClassifier.honoursRetryAfter(status: status), attempt < configuration.maximumAttempts,
                let wait = HTTPFailureClassifier.retryAfter(http.value(forHTTPHeaderField: "Retry-After"), now: configuration.now()),
                wait <= configuration.maximumRetryAfter
            else { throw failure }
            try await configuration.sleep.wait(wait)
            attempt += 1
        }
    }

    /// The error for an answer that is not the API's: what the request got, and whether `GET /v1/health` at the
    /// same root answers like the sync server (then the address is right and the household or route is not).
    private func misconfigured(_ request: URLRequest, _ reason: String) async -> RemoteSyncError {
        let root = APIAnswerCheck.redacted(configuration.apiRoot)
        let sent = "\(request.httpMethod ?? "GET") \(request.url.map(APIAnswerCheck.redacted) ?? root)"
        let health = configuration.apiRoot.appendingPathComponent("health")
        var probe = URLRequest(url: health, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: min(10, configuration.requestTimeout))
        probe.setValue("application/json", forHTTPHeaderField: "Accept")
        let healthy: String
        do {
            let (data, response) = try await session.data(for: probe)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            let check = (response as? HTTPURLResponse).map { APIAnswerCheck(request: probe, response: $0, body: data, accepting: []) }
            if status == 200, check?.mismatch == nil, String(decoding: data, as: UTF8.self).contains("\"ok\"") {
                return .misconfigured(
                    "the sync server at \(root) does not serve this household or request (\(sent): \(reason)); "
                        + "check the household id and the server's version")
            }
            healthy = "GET \(APIAnswerCheck.redacted(health)) gave HTTP \(status)"
        } catch {
            healthy = "GET \(APIAnswerCheck.redacted(health)) failed (\(HTTPFailureClassifier.classify(transportError: error)))"
        }
        return .misconfigured(
            "\(root) does not answer like an InventoryKit sync server: \(healthy), and \(sent): \(reason); "
                + "check the server address")
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
