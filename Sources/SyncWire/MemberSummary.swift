import Foundation

/// A household member as `GET /v1/households/{id}/members` lists them (the OpenAPI schema `MemberSummary`). No
/// invitation or session token is ever listed: the server keeps only hashes.
public struct MemberSummary: Sendable, Hashable, Codable {
    /// The member's id.
    public var memberId: String
    /// The name the member was invited under.
    public var name: String
    /// When the member was invited.
    public var createdAt: Date
    /// When the member was revoked, if they were: their sessions and invitations no longer work.
    public var revokedAt: Date?
    /// The member's sessions open now.
    public var openSessions: Int

    /// Creates a summary.
    public init(memberId: String, name: String, createdAt: Date, revokedAt: Date?, openSessions: Int) {
        self.memberId = memberId
        self.name = name
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.openSessions = openSessions
    }

    private enum CodingKeys: String, CodingKey { case memberId, name, createdAt, revokedAt, openSessions }

    /// Decodes a summary, its dates from RFC 3339 text.
    /// - Throws: `DecodingError` when a member is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        memberId = try container.decode(String.self, forKey: .memberId)
        name = try container.decode(String.self, forKey: .name)
        createdAt = try container.decodeWireDate(forKey: .createdAt)
        revokedAt = try container.decodeWireDateIfPresent(forKey: .revokedAt)
        openSessions = try container.decode(Int.self, forKey: .openSessions)
    }

    /// Encodes the summary, its dates as RFC 3339 text; `revokedAt` left out when the member is not revoked.
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(memberId, forKey: .memberId)
        try container.encode(name, forKey: .name)
        try container.encodeWireDate(createdAt, forKey: .createdAt)
        try container.encodeWireDateIfPresent(revokedAt, forKey: .revokedAt)
        try container.encode(openSessions, forKey: .openSessions)
    }
}
