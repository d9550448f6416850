import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers lookup requests from a script per barcode (the last path component), so tests running at the same
/// time never share answers; records every request it sees.
final class LookupScriptedProtocol: URLProtocol {
    /// One scripted answer: an HTTP response, or a transport error.
    enum Answer: Sendable {
        case http(status: Int, headers: [String: String] = [:], body: Data = Data())
        case failure(URLError.Code)
        /// The answer's head and part of its body, then the connection lost with `code`.
        case cutShort(status: Int, headers: [String: String], body: Data, code: URLError.Code)
    }

    // URLSession creates the protocol objects, so the scripts are static; `lock` guards them.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var scripts: [String: [Answer]] = [:]
    nonisolated(unsafe) private static var seen: [String: [URLRequest]] = [:]

    /// Scripts the answers for `barcode`'s requests, in order; the last one repeats.
    static func script(_ barcode: String, _ answers: [Answer]) {
        lock.withLock {
            scripts[barcode] = answers
            seen[barcode] = []
        }
    }

    /// The requests sent for `barcode`.
    static func requests(_ barcode: String) -> [URLRequest] {
        lock.withLock { seen[barcode] ?? [] }
    }

    /// A session that sends everything to this protocol.
    static func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [LookupScriptedProtocol.self]
        return URLSession(configuration: configuration)
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let barcode = request.url?.lastPathComponent ?? ""
        let answer: Answer? = Self.lock.withLock {
            Self.seen[barcode, default: []].append(request)
            guard var queue = Self.scripts[barcode], let first = queue.first else { return nil }
            if queue.count > 1 { queue.removeFirst() }
            Self.scripts[barcode] = queue
            return first
        }
        switch answer {
        case .http(let status, let headers, let body)?:
            guard let url = request.url,
                let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else { return fail(.badURL) }
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: body)
            client?.urlProtocolDidFinishLoading(self)
        case .failure(let code)?:
            fail(code)
        case .cutShort(let status, let headers, let body, let code)?:
            guard let url = request.url,
                let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else { return fail(.badURL) }
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: body)
            fail(code)
        case nil:
            fail(.cannotConnectToHost)
        }
    }

    private func fail(_ code: URLError.Code) {
        client?.urlProtocol(self, didFailWithError: URLError(code))
    }

    override func stopLoading() {}
}
