import Foundation

/// A member the server created for the household's web pages, with their one-time invitation: the answer to
/// `POST /v1/households/{id}/members` (``HTTPSyncClient/inviteMember(named:expiresInSeconds:)``).
///
/// The invitation token is shown this once only: the server keeps its SHA-256. Opening ``link(on:)`` in a
/// browser shows a *Sign in* button that opens a session for the member, once.
///
/// ```swift
/// let invitation = try await client.inviteMember(named: "Ana")
/// print(invitation.link(on: client.configuration))   // http://127.0.0.1:8080/invite/…
/// ```
public struct MemberInvitation: Sendable, Hashable, Decodable {
    /// The member's id, for listing and revoking them.
    public var memberId: UUID
    /// The member's name, as the server keeps it (trimmed).
    public var name: String
    /// The invitation token: 32 random bytes, base64url without padding. A secret: whoever holds it can sign in
    /// as the member, once.
    public var invitation: String
    /// The invitation's page on the server, `/invite/<token>`.
    public var invitationPath: String
    /// When the invitation stops working.
    public var expiresAt: Date

    /// Creates an invitation as the server describes one.
    public init(memberId: UUID, name: String, invitation: String, invitationPath: String, expiresAt: Date) {
        self.memberId = memberId
        self.name = name
        self.invitation = invitation
        self.invitationPath = invitationPath
        self.expiresAt = expiresAt
    }

    /// Decodes the server's answer.
    ///
    /// `expiresAt` is read as ISO 8601 (RFC 3339) with or without fractional seconds.
    ///
    /// - Throws: `DecodingError` when the body is not a member invitation.
    public static func decode(_ data: Data) throws -> MemberInvitation {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = internetDate(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\(text) is not an ISO 8601 date and time")
            }
            return date
        }
        return try decoder.decode(MemberInvitation.self, from: data)
    }

    /// The link to give the member: the server's address (the API root without its `/v1`) followed by
    /// ``invitationPath``. A server reached under a path prefix (`https://host/pantry/v1`) keeps the prefix.
    public func link(on configuration: HTTPSyncConfiguration) -> URL {
        var base = configuration.apiRoot.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        if base.hasSuffix("/v1") { base.removeLast(3) }
        return URL(string: base + invitationPath) ?? configuration.apiRoot
    }

    /// An RFC 3339 date and time, with or without fractional seconds.
    private static func internetDate(_ text: String) -> Date? {
        let whole = ISO8601DateFormatter()
        whole.formatOptions = [.withInternetDateTime]
        if let date = whole.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }
}
