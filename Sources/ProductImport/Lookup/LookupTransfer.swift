import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP exchange of a lookup, told apart by how far it got: an answer with its whole body, or a failure before
/// the answer's head or after it (a body cut short).
///
/// `URLSession.data(for:)` throws the same transport error for a connection that never answered and for one that
/// closed mid-body (on Linux `URLError -1`, "transfer closed with N bytes remaining"), so the exchange watches for
/// the answer's head through a task delegate: once the head arrived, a failure is the body's, not the network's.
enum LookupTransfer {
    /// How an exchange ended.
    enum Outcome {
        /// The server answered and the body arrived whole.
        case answered(HTTPURLResponse, Data)
        /// The exchange failed; `head` is the answer's head when it had arrived before the failure.
        case failed(any Error, head: HTTPURLResponse?)
        /// The answer is not HTTP.
        case notHTTP
    }

    /// Sends `request` through `session` and reports how far it got.
    static func perform(_ request: URLRequest, session: URLSession) async -> Outcome {
        let observer = LookupTransferObserver()
        do {
            let (data, response) = try await session.data(for: request, delegate: observer)
            guard let http = response as? HTTPURLResponse else { return .notHTTP }
            return .answered(http, data)
        } catch {
            return .failed(error, head: await observer.settledHead())
        }
    }

    /// Why an exchange that failed got no usable answer.
    ///
    /// - Parameters:
    ///   - error: What the session threw.
    ///   - head: The answer's head, when it arrived before the failure: the body was then cut short.
    ///   - timeout: The request timeout, for ``LookupUnavailableReason/timedOut(after:)``.
    static func reason(for error: any Error, head: HTTPURLResponse?, timeout: Double) -> LookupUnavailableReason {
        if error is CancellationError { return .cancelled }
        guard let urlError = error as? URLError else {
            if let head { return .malformedBody(reason: cutShort(head, cause: String(describing: error))) }
            return .transport(reason: String(describing: error))
        }
        let code = "URLError \(urlError.code.rawValue)"
        switch urlError.code {
        case .timedOut: return .timedOut(after: timeout)
        case .cancelled: return .cancelled
        default: break
        }
        if let head { return .malformedBody(reason: cutShort(head, cause: code)) }
        switch urlError.code {
        case .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .networkConnectionLost,
            .dataNotAllowed, .internationalRoamingOff:
            return .offline(reason: code)
        case .cannotParseResponse, .badServerResponse, .cannotDecodeRawData, .cannotDecodeContentData, .zeroByteResource:
            return .malformedBody(reason: code)
        default:
            return .transport(reason: code)
        }
    }

    /// `the connection closed mid-body (HTTP 200, 39760 bytes announced): URLError -1`.
    private static func cutShort(_ head: HTTPURLResponse, cause: String) -> String {
        let announced = head.expectedContentLength >= 0 ? ", \(head.expectedContentLength) bytes announced" : ""
        return "the connection closed mid-body (HTTP \(head.statusCode)\(announced)): \(cause)"
    }
}
