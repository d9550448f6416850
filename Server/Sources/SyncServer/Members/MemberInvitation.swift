import Foundation

/// A one-time invitation for a member: the token is shown once (the server keeps its hash) and opens one session.
public struct MemberInvitation: Sendable, Hashable {
    /// The member the invitation signs in.
    public let memberId: MemberID
    /// The member's name.
    public let name: String
    /// The secret of the link; only its SHA-256 is stored.
    public let token: BearerToken
    /// When the invitation stops working.
    public let expiresAt: Date

    /// Creates an invitation.
    public init(memberId: MemberID, name: String, token: BearerToken, expiresAt: Date) {
        self.memberId = memberId
        self.name = name
        self.token = token
        self.expiresAt = expiresAt
    }

    /// The path of the invitation's page on the server: `/invite/<token>`.
    public var path: String { "/invite/\(token.rawValue)" }
}
