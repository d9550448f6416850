import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SyncWire

/// An error a handler throws on purpose; rendered as the ``ErrorEnvelope`` with the code's status.
package struct APIError: Error, Sendable, HTTPResponseError, CustomStringConvertible {
    /// The code.
    package var code: ErrorCode
    /// The message shown to the client.
    package var message: String
    /// Field-level context.
    package var details: [String: String]

    /// Creates an error.
    package init(_ code: ErrorCode, _ message: String, details: [String: String] = [:]) {
        self.code = code
        self.message = message
        self.details = details
    }

    /// The HTTP status of ``code``.
    package var status: HTTPResponse.Status { code.status }

    /// `code: message`.
    package var description: String { "\(code.rawValue): \(message)" }

    /// The envelope response.
    package func response(from request: Request, context: some RequestContext) throws -> Response {
        Self.envelopeResponse(ErrorEnvelope(code: code, message: message, details: details))
    }

    /// Encodes an envelope as a JSON response with the code's status.
    static func envelopeResponse(_ envelope: ErrorEnvelope) -> Response {
        let data = (try? JSONEncoder().encode(envelope)) ?? Data(#"{"error":{"code":"internal","message":"","details":{}}}"#.utf8)
        return Response(
            status: envelope.error.code.status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}

// MARK: - Common errors

extension APIError {
    /// A field failed validation.
    static func invalidField(_ field: String, _ message: String) -> APIError {
        APIError(.invalidRequest, message, details: ["field": field])
    }

    /// Missing, malformed, forged or revoked token: one message for all, so a caller learns nothing.
    static let unauthorized = APIError(.unauthorized, "A valid bearer token is required.")

    /// The device is not a member of the household.
    static let forbidden = APIError(.forbidden, "This device may not access that household.")
}
