import HTTPTypes
import Hummingbird
import Logging

/// Gives each request an id (``RequestID``), binds its ``RequestScope`` for the log lines written while it is
/// handled, returns the id in `X-Request-ID`, counts the request and its duration in ``ServerMetrics`` by route
/// pattern and status, and writes one access log line at `info`.
///
/// Added first, so it sees the status the client gets: the error envelope's, or a thrown `HTTPResponseError`'s.
/// The duration ends when the handler returned the response (a streamed body's transfer is not included).
/// Not Hummingbird's `MetricsMiddleware`: that one labels by route pattern too, but records through the
/// process-global `MetricsSystem`, which a test process can bootstrap only once.
package struct RequestObservationMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Where requests are counted.
    package let metrics: ServerMetrics
    /// Where the access log line goes.
    package let logger: Logger

    /// Creates the middleware.
    package init(metrics: ServerMetrics, logger: Logger) {
        self.metrics = metrics
        self.logger = logger
    }

    /// Handles one request as described on the type.
    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        let id = RequestID(accepting: request.headers[RequestID.headerName]) ?? .generate()
        var context = context
        context.logger[metadataKey: "hb.request.id"] = .string(id.rawValue)
        let scope = RequestScope(requestID: id, endpointPath: context.coreContext.endpointPath)
        var response: Response
        do {
            response = try await RequestScope.$current.withValue(scope) { try await next(request, context) }
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch {
            finish(request, scope: scope, status: .internalServerError, since: start)
            throw error
        }
        response.headers[RequestID.headerName] = id.rawValue
        finish(request, scope: scope, status: response.status, since: start)
        return response
    }

    private func finish(_ request: Request, scope: RequestScope, status: HTTPResponse.Status, since start: ContinuousClock.Instant) {
        let duration = ContinuousClock.now - start
        let route = scope.route ?? "NotFound"
        metrics.recordRequest(route: route, method: request.method.rawValue, status: status.code, duration: duration)
        var metadata = scope.metadata
        metadata["route"] = .string(route)
        metadata["method"] = .string(request.method.rawValue)
        metadata["status"] = .stringConvertible(status.code)
        metadata["duration_ms"] = .string(Self.milliseconds(duration))
        logger.info("request", metadata: metadata)
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        let fraction = String(micros % 1000)
        return "\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
