import HTTPTypes
import Hummingbird
import Logging
import NIOHTTP1
import SyncWire

/// Turns every error thrown below it into the ``ErrorEnvelope``, so no other error shape leaves the server.
///
/// ``APIError`` keeps its code; other `HTTPResponseError`s (for example Hummingbird's body-size error) map by
/// status; a body that breaks HTTP/1.1's framing (a malformed chunk, found while a handler reads the body) is
/// `invalid_request`; a ``DatabaseOutage`` (the connection lost, no connection to be had, a standby refusing
/// writes) is `unavailable`, which clients retry; anything else becomes `internal`, logged with the request id and
/// never echoed to the client.
///
/// What never reaches the application cannot be rendered here: a request line or header block the HTTP parser
/// refuses (malformed, a header field or all header fields together over 80 KiB — a long query string counts, as
/// it is part of the request line) is answered by Hummingbird itself with `400 Bad Request`, an empty body and
/// `Connection: close` (documented in `Server/README.md` and the OpenAPI document).
package struct ErrorEnvelopeMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Creates the middleware.
    package init() {}

    /// Runs the rest of the chain and renders its errors.
    package func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return APIError.envelopeResponse(ErrorEnvelope(code: error.code, message: error.message, details: error.details))
        } catch let error as HTTPParserError {
            return APIError.envelopeResponse(ErrorEnvelope(
                code: .invalidRequest, message: "The request body is not valid HTTP/1.1 framing.",
                details: ["reason": "\(error)"]))
        } catch let error as any HTTPResponseError {
            let code = ErrorCode(status: error.status)
            let message = code == .payloadTooLarge ? "The request body is too large." : error.status.reasonPhrase
            return APIError.envelopeResponse(ErrorEnvelope(code: code, message: message))
        } catch {
            if let outage = DatabaseOutage(error) {
                context.logger.warning("Database unavailable", metadata: ["error": "\(String(reflecting: error))"])
                return APIError.envelopeResponse(ErrorEnvelope(
                    code: .unavailable, message: "The database is unavailable for a moment; send the request again.",
                    details: ["reason": outage.description]))
            }
            context.logger.error("Unhandled error", metadata: ["error": "\(String(reflecting: error))"])
            return APIError.envelopeResponse(ErrorEnvelope(code: .internal, message: "Internal server error."))
        }
    }
}
