import Foundation

/// A member the server created for the household's web pages, with their one-time invitation: the answer to
/// `POST /v1/households/{id}/members` (201; the OpenAPI schema `MemberInvitation`).
///
/// The invitation token is shown this once only: the server keeps its SHA-256. The link to hand over is the
/// server's address followed by ``invitationPath``; opening it in a browser shows a *Sign in* button that opens
/// a session for the member, once.
public struct MemberInvitation: Sendable, Hashable, Codable {
    /// The member's id, for listing and revoking them.
    public var memberId: String
    /// The member's name, as the server keeps it (trimmed).
    public var name: String
    /// The invitation token: 32 random bytes, base64url without padding. A secret: whoever holds it can sign in as
    /// the member, once.
    public var invitation: String
    /// The invitation's page on the server, `/invite/<token>`.
    public var invitationPath: String
    /// When the invitation stops working.
    public var expiresAt: Date

    /// Creates an invitation as the server describes one.
    public init(memberId: String, name: String, invitation: String, invitationPath: String, expiresAt: Date) {
        self.memberId = memberId
        self.name = name
        self.invitation = invitation
        self.invitationPath = invitationPath
        self.expiresAt = expiresAt
    }

    /// Creates the invitation of `token`, whose page is `/invite/<token>`.
    public init(memberId: String, name: String, token: String, expiresAt: Date) {
        self.init(memberId: memberId, name: name, invitation: token, invitationPath: "/invite/\(token)", expiresAt: expiresAt)
    }

    private enum CodingKeys: String, CodingKey { case memberId, name, invitation, invitationPath, expiresAt }

    /// Decodes an invitation, `expiresAt` from RFC 3339 text with or without fractional seconds.
    /// - Throws: `DecodingError` when a member is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        memberId = try container.decode(String.self, forKey: .memberId)
        name = try container.decode(String.self, forKey: .name)
        invitation = try container.decode(String.self, forKey: .invitation)
        invitationPath = try container.decode(String.self, forKey: .invitationPath)
        expiresAt = try container.decodeWireDate(forKey: .expiresAt)
    }

    /// Encodes the invitation, `expiresAt` as RFC 3339 text.
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(memberId, forKey: .memberId)
        try container.encode(name, forKey: .name)
        try container.encode(invitation, forKey: .invitation)
        try container.encode(invitationPath, forKey: .invitationPath)
        try container.encodeWireDate(expiresAt, forKey: .expiresAt)
    }
}
