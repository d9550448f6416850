import Foundation
import InventorySync
import SyncWire

extension HTTPSyncClient {
    /// Invites a person to the household's web pages (`POST /v1/households/{id}/members`): the server creates a
    /// member with a one-time invitation and answers with its token, shown this once only.
    ///
    /// The link to hand over is ``MemberInvitation/link(on:)``. Not sent again inside the call, even on a
    /// `Retry-After`: a second request would create a second member.
    ///
    /// ```swift
    /// let invitation = try await HTTPSyncClient(configuration: configuration).inviteMember(named: "Ana")
    /// share(invitation.link(on: configuration), until: invitation.expiresAt)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The member's name, shown on the pages: 1 to 100 characters without control characters (the
    ///     server trims surrounding spaces and refuses others).
    ///   - expiresInSeconds: How long the invitation works, 1 second to 30 days; `nil` for the server's default
    ///     (7 days).
    ///   - invitedBy: Who sends it, as the invitation page names them (1 to 100 characters); `nil` to name nobody.
    /// - Returns: The member and the invitation.
    /// - Throws: ``RemoteSyncError`` — `.unauthorized` when the server refuses the device, `.permanent` for a
    ///   name or lifetime it refuses (the server's message) or an answer that is not an invitation,
    ///   `.offline`/`.timeout`/`.transient` when it could not be asked — or `CancellationError` when the task is
    ///   cancelled.
    public func inviteMember(
        named name: String, expiresInSeconds: Int? = nil, invitedBy: String? = nil
    ) async throws -> MemberInvitation {
        let body = try JSONEncoder().encode(
            MemberCreationRequest(name: name, expiresInSeconds: expiresInSeconds, invitedBy: invitedBy))
        let answer = try await send(method: "POST", path: ["members"], query: [], body: body, accepting: [], waitsForRetryAfter: false)
        do {
            return try JSONDecoder().decode(MemberInvitation.self, from: answer.body)
        } catch {
            throw RemoteSyncError.permanent("the server's answer is not a member invitation: \(error)")
        }
    }
}
