import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SyncWire

/// The `/v1` routes. Each handler decodes and validates its input, calls one ``SyncService`` function and encodes.
package struct SyncRoutes<Context: RemoteAddressRequestContext>: Sendable {
    /// The rules behind the routes.
    package let service: SyncService
    /// The server-side replica behind the views.
    package let replication: HouseholdReplication
    /// The shutdown drain `/v1/ready` reports, if the server has one.
    package let readiness: ReadinessDrain?

    /// Creates the routes.
    package init(service: SyncService, replication: HouseholdReplication, readiness: ReadinessDrain? = nil) {
        self.service = service
        self.replication = replication
        self.readiness = readiness
    }

    /// Adds the routes to a router group (normally `router.group("v1")`).
    package func add(to group: RouterGroup<Context>) {
        group.get("health") { _, _ in Status(status: "ok") }
        addOpenAPIDocument(to: group)
        group.get("ready") { _, _ in
            if readiness?.isDraining == true {
                throw APIError(.unavailable, "The server is shutting down; send requests to another instance.")
            }
            try await service.ready()
            return Status(status: "ok")
        }
        group.post("households/:id/push") { request, context in
            let household = try await authorizedHousehold(request, context)
            let body = try await pushBody(of: request)
            let response = try await service.push(body, to: household)
            replication.worker.nudge(household)
            return response
        }
        group.get("households/:id/changes") { request, context in
            let household = try await authorizedHousehold(request, context)
            let query = request.uri.queryParameters
            return try await service.changes(
                of: household,
                after: query.get("after"),
                limit: query.get("limit"),
                kinds: query.get("kinds")
            )
        }
        group.get("households/:id/products/:productId") { request, context in
            let household = try await authorizedHousehold(request, context)
            return try await service.product(of: household, id: try Self.pathParameter("productId", of: context))
        }
        group.delete("households/:id") { request, context in
            let household = try await authorizedHousehold(request, context)
            try await service.erase(household)
            return HTTPResponse.Status.noContent
        }
        addViews(to: group)
        addSnapshots(to: group)
    }

    func authorizedHousehold(_ request: Request, _ context: Context) async throws -> HouseholdID {
        try await Self.deviceHousehold(service, request, context)
    }

    /// The household of the path `:id`, for the request's device bearer token (authenticated and authorized by
    /// `service`).
    static func deviceHousehold(_ service: SyncService, _ request: Request, _ context: Context) async throws -> HouseholdID {
        let device = try await service.authenticate(
            BearerToken(request: request), peer: context.remoteAddress?.ipAddress ?? "unknown")
        return try service.authorize(device, householdParameter: try pathParameter("id", of: context))
    }

    /// A path parameter, percent-decoded (the router matches and hands out the raw segment: `50%25off` is the
    /// product `50%off`, `a%2Fb` the product `a/b`).
    /// - Throws: ``APIError`` `invalid_request` when the segment is not valid percent-encoded UTF-8.
    static func pathParameter(_ name: String, of context: Context) throws -> String {
        let raw = context.parameters.get(name) ?? ""
        guard let decoded = raw.removingPercentEncoding else {
            throw APIError.invalidField(name, "The path segment \(name) is not valid percent-encoded UTF-8.")
        }
        return decoded
    }

    /// The request's body, at most `limit` bytes.
    /// - Throws: ``APIError`` `payload_too_large` (with `details.limit`) for a longer one.
    static func body(of request: Request, upTo limit: Int) async throws -> Data {
        var request = request
        do {
            return Data(try await request.collectBody(upTo: limit).readableBytesView)
        } catch is NIOTooManyBytesError {
            throw APIError(.payloadTooLarge, "The request body exceeds \(limit) bytes.", details: ["limit": "\(limit)"])
        }
    }

    /// Reads at most ``SyncLimits/maxBodyBytes`` and decodes a push body; maps failures to the envelope's codes.
    private func pushBody(of request: Request) async throws -> PushBody {
        let data = try await Self.body(of: request, upTo: service.limits.maxBodyBytes)
        do {
            return try await PushBody.decode(data)
        } catch let error as DecodingError {
            throw APIError(.invalidRequest, "The body is not valid JSON of the expected shape.", details: Self.details(of: error))
        } catch {
            throw APIError(.invalidRequest, "The body is not valid JSON.")
        }
    }

    private static func details(of error: DecodingError) -> [String: String] {
        let path: [any CodingKey]
        switch error {
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        @unknown default: path = []
        }
        let field = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return field.isEmpty ? [:] : ["field": String(field.drop(while: { $0 == "." }))]
    }
}
