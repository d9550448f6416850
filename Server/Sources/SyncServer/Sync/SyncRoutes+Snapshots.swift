import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension SyncRoutes {
    /// `GET households/:id/snapshot[?atLeast=SEQ][&products=false]`: the newest saved state of the household's
    /// replica through at least `atLeast` (one is saved now when none is), described, with the live products its
    /// lots refer to; `GET households/:id/snapshot/:seq/state`: that state's bytes, the kit's checkpoint format,
    /// immutable (`ETag: "snapshot-SEQ"`, `304` on a matching `If-None-Match`). For a device's bearer token.
    func addSnapshots(to group: RouterGroup<Context>) {
        let snapshots = replication.snapshots
        group.get("households/:id/snapshot") { request, context in
            let household = try await authorizedHousehold(request, context)
            let atLeast = try Self.atLeast(request) ?? 0
            var withProducts = true
            if let text = request.uri.queryParameters.get("products") {
                guard let value = Bool(String(text)) else {
                    throw APIError.invalidField("products", "products must be true or false.")
                }
                withProducts = value
            }
            return try await snapshots.snapshot(of: household, atLeast: atLeast, withProducts: withProducts)
        }
        group.get("households/:id/snapshot/:seq/state") { request, context in
            let household = try await authorizedHousehold(request, context)
            let text = try Self.pathParameter("seq", of: context)
            guard let seq = Int64(text), seq >= 1 else {
                throw APIError.invalidField("seq", "seq must be a positive integer.")
            }
            let etag = "\"snapshot-\(seq)\""
            var headers = HTTPFields()
            headers[.eTag] = etag
            headers[.cacheControl] = "private, max-age=31536000, immutable"
            if let condition = request.headers[.ifNoneMatch], Self.matches(condition, etag) {
                try await snapshots.checkKept(household, seq: seq)
                return Response(status: .notModified, headers: headers)
            }
            let bytes = try await snapshots.state(of: household, seq: seq)
            headers[.contentType] = "application/octet-stream"
            headers[.contentLength] = bytes.readableBytes.description
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: bytes))
        }
    }

    /// Whether an `If-None-Match` value names `etag` (weakly, as the header compares) or is `*`.
    static func matches(_ condition: String, _ etag: String) -> Bool {
        condition.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == "*" || tag == etag
        }
    }
}
