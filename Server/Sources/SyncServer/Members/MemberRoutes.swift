import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SyncWire

/// The member routes of `/v1`, for a device's bearer token: invite a person to the household's web app, list the
/// members, revoke one.
///
/// - `POST households/:id/members` → 201 ``MemberInvitation`` (body ``MemberCreationRequest``);
/// - `GET households/:id/members` → ``MemberList``;
/// - `DELETE households/:id/members/:memberId` → 204.
package struct MemberRoutes<Context: RemoteAddressRequestContext>: Sendable {
    /// The rules behind the routes.
    package let members: MemberService

    /// The longest body of `POST households/:id/members`.
    static var maxCreationBodyBytes: Int { 4096 }
    /// The longest invitation a device may ask for, in seconds (30 days).
    static var maxInvitationSeconds: Int { 30 * 24 * 3600 }

    /// Creates the routes.
    package init(members: MemberService) { self.members = members }

    /// Adds the routes to a router group (normally `router.group("v1")`).
    package func add(to group: RouterGroup<Context>) {
        group.post("households/:id/members") { request, context in
            let household = try await deviceHousehold(request, context)
            let body = try await creationRequest(of: request)
            var lifetime: Duration?
            if let seconds = body.expiresInSeconds {
                guard (1...Self.maxInvitationSeconds).contains(seconds) else {
                    throw APIError.invalidField(
                        "expiresInSeconds", "expiresInSeconds must be from 1 to \(Self.maxInvitationSeconds).")
                }
                lifetime = .seconds(seconds)
            }
            let invitation = try await members.invite(body.name, to: household, lifetime: lifetime, invitedBy: body.invitedBy)
            return EditedResponse(status: .created, response: invitation)
        }
        group.get("households/:id/members") { request, context in
            MemberList(try await members.members(of: try await deviceHousehold(request, context)))
        }
        group.delete("households/:id/members/:memberId") { request, context in
            let household = try await deviceHousehold(request, context)
            guard let member = MemberID(try SyncRoutes<Context>.pathParameter("memberId", of: context)) else {
                throw APIError.invalidField("memberId", "The member id must be a UUID.")
            }
            try await members.revoke(member, of: household)
            return HTTPResponse.Status.noContent
        }
    }

    private func deviceHousehold(_ request: Request, _ context: Context) async throws -> HouseholdID {
        try await SyncRoutes<Context>.deviceHousehold(members.service, request, context)
    }

    private func creationRequest(of request: Request) async throws -> MemberCreationRequest {
        let data = try await SyncRoutes<Context>.body(of: request, upTo: Self.maxCreationBodyBytes)
        do {
            return try JSONDecoder().decode(MemberCreationRequest.self, from: data)
        } catch {
            throw APIError.invalidField("name", "The body must be {\"name\": string, \"expiresInSeconds\"?: integer}.")
        }
    }
}
