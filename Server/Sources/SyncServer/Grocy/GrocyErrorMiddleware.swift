import Foundation
import Hummingbird
import Logging
import SyncWire

/// Renders every error below the `/api` group as Grocy does, so Grocy clients read it (`pygrocy2` looks up
/// `error_message` and raises anything else as a `KeyError`): `401` with an empty body for authentication, otherwise
/// `{"error_message": …}` — 400 for what the kit's rules or the subset refuse, 503 when the database or the
/// household is briefly unavailable (clients retry), 500 for anything unexpected (logged, never echoed).
struct GrocyErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let refusal as GrocyRefusal {
            if case .internalInconsistency(let detail) = refusal {
                context.logger.error("Grocy API inconsistency", metadata: ["detail": "\(detail)"])
            }
            return Self.answer(refusal.status, refusal == .unauthorized ? nil : refusal.description)
        } catch let refusal as WebCommandService.Refusal {
            return Self.answer(refusal.status == .serviceUnavailable ? .serviceUnavailable : .badRequest, refusal.message)
        } catch let error as APIError {
            switch error.code {
            case .unauthorized: return Self.answer(.unauthorized, nil)
            case .unavailable: return Self.answer(.serviceUnavailable, error.message)
            case .notFound: return Self.answer(.badRequest, error.message)
            default: return Self.answer(error.code == .internal ? .internalServerError : .badRequest, error.message)
            }
        } catch let error as any HTTPResponseError {
            return Self.answer(error.status == .contentTooLarge ? .contentTooLarge : .badRequest, error.status.reasonPhrase)
        } catch {
            if DatabaseOutage(error) != nil {
                return Self.answer(.serviceUnavailable, "The database is unavailable for a moment; send the request again.")
            }
            context.logger.error("Unhandled error", metadata: ["error": "\(String(reflecting: error))"])
            return Self.answer(.internalServerError, "Internal server error.")
        }
    }

    /// An answer with `{"error_message": message}`, or an empty body when `message` is `nil`.
    static func answer(_ status: HTTPResponse.Status, _ message: String?) -> Response {
        guard let message else { return Response(status: status) }
        let body = (try? JSONEncoder().encode(["error_message": message])) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
