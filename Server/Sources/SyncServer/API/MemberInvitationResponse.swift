import Foundation
import Hummingbird

/// The answer to `POST /v1/households/{id}/members` (201): the new member and their one-time invitation, whose
/// token is shown this once only (the server keeps its hash). The link is the server's address plus
/// ``invitationPath``.
public struct MemberInvitationResponse: Sendable, Codable, Equatable, ResponseEncodable {
    /// The member's id, for the list and for revoking them.
    public var memberId: String
    /// The member's name.
    public var name: String
    /// The invitation token: 32 random bytes, base64url without padding.
    public var invitation: String
    /// The invitation's page on this server: `/invite/<token>`.
    public var invitationPath: String
    /// When the invitation stops working.
    public var expiresAt: Date

    /// Creates a response.
    public init(memberId: String, name: String, invitation: String, invitationPath: String, expiresAt: Date) {
        self.memberId = memberId
        self.name = name
        self.invitation = invitation
        self.invitationPath = invitationPath
        self.expiresAt = expiresAt
    }

    /// The response for an invitation.
    public init(_ invitation: MemberInvitation) {
        self.init(
            memberId: invitation.memberId.description, name: invitation.name, invitation: invitation.token.rawValue,
            invitationPath: invitation.path, expiresAt: invitation.expiresAt)
    }
}
