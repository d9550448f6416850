import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers requests from a script per household (the household id is in every path), so tests that run at the
/// same time do not share answers.
final class ScriptedProtocol: URLProtocol {
    // The scripts are static (URLSession creates the protocol objects) and guarded by `lock`.
    /// One scripted answer.
    struct Answer: Sendable {
        var status: Int
        /// The API's answers are JSON.
        var headers: [String: String] = ["Content-Type": "application/json"]
        var body = Data()
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var scripts: [String: [Answer]] = [:]
    nonisolated(unsafe) private static var sent: [String: Int] = [:]

    /// Scripts the answers for `household`'s requests, in order.
    static func script(_ household: UUID, _ answers: [Answer]) {
        lock.withLock { scripts[household.uuidString.lowercased()] = answers }
    }

    /// How many requests `household` sent.
    static func requests(_ household: UUID) -> Int {
        lock.withLock { sent[household.uuidString.lowercased()] ?? 0 }
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let path = request.url?.path ?? ""
        let answer: Answer? = Self.lock.withLock {
            guard let key = Self.scripts.keys.first(where: { path.contains($0) }) else { return nil }
            Self.sent[key, default: 0] += 1
            return Self.scripts[key]?.isEmpty == false ? Self.scripts[key]?.removeFirst() : nil
        }
        guard let answer, let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.headers)
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotConnectToHost))
            return
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: answer.body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
