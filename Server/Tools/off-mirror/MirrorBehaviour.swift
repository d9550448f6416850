import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The mirror's routes: `GET /api/v2/product/{code}` (with or without `.json`), `GET /__requests` (the request
/// log) and `POST /__reset`.
struct MirrorBehaviour: Sendable {
    var records: MirrorRecords
    var state: MirrorState
    var retryAfter: Int
    var slowNanoseconds: UInt64

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/api/v2/product/:code") { _, context in
            try await product(context.parameters.require("code"))
        }
        router.get("/__requests") { _, _ in
            json(await state.report())
        }
        router.post("/__reset") { _, _ in
            await state.reset()
            return json(Data("{}".utf8))
        }
        return router
    }

    private func product(_ raw: String) async throws -> Response {
        let code = raw.hasSuffix(".json") ? String(raw.dropLast(5)) : raw
        let fault = await state.record(code)
        let body = records.body(for: code)
        switch fault {
        case .rateLimited?, .rateLimitedOnce?:
            var response = json(Data(#"{"status":0,"status_verbose":"rate limited"}"#.utf8), status: .tooManyRequests)
            response.headers[.retryAfter] = String(retryAfter)
            return response
        case .unavailable?, .unavailableOnce?:
            return Response(status: .serviceUnavailable, body: .init(byteBuffer: ByteBuffer(string: "Service Unavailable")))
        case .truncated?:
            let whole = body ?? MirrorRecords.notFound(code)
            return json(whole.prefix(max(1, whole.count / 2)))
        case .dropped?:
            return dropped(body ?? MirrorRecords.notFound(code))
        case .slow?:
            try await Task.sleep(nanoseconds: slowNanoseconds)
            return json(body ?? MirrorRecords.notFound(code))
        case nil:
            // OFF answers an unknown code with 404 and `status: 0` in the body.
            guard let body else { return json(MirrorRecords.notFound(code), status: .notFound) }
            return json(body)
        }
    }

    /// A `200` that announces the whole record's length, writes half of it and then fails, so the server closes the
    /// connection mid-body.
    private func dropped(_ whole: Data) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.contentLength] = String(whole.count)
        let half = whole.prefix(max(1, whole.count / 2))
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody(contentLength: whole.count) { writer in
                try await writer.write(ByteBuffer(bytes: half))
                throw DroppedConnection()
            })
    }

    private func json(_ data: Data, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Ends a `dropped` answer's body early: the server closes the connection instead of finishing the response.
private struct DroppedConnection: Error {}
