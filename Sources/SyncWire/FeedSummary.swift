import Foundation

/// One calendar feed as `GET /v1/households/{id}/feeds` lists it (the OpenAPI schema `FeedSummary`); no token is
/// ever listed.
public struct FeedSummary: Sendable, Hashable, Codable {
    /// The feed's id.
    public var feedId: String
    /// Its label, if it has one.
    public var label: String?
    /// When it was created.
    public var createdAt: Date
    /// Whether it was revoked (its token no longer reads the calendar).
    public var revoked: Bool

    /// Creates a summary.
    public init(feedId: String, label: String?, createdAt: Date, revoked: Bool) {
        self.feedId = feedId
        self.label = label
        self.createdAt = createdAt
        self.revoked = revoked
    }

    private enum CodingKeys: String, CodingKey { case feedId, label, createdAt, revoked }

    /// Decodes a summary, `createdAt` from RFC 3339 text.
    /// - Throws: `DecodingError` when a member is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        feedId = try container.decode(String.self, forKey: .feedId)
        label = try container.decodeIfPresent(String.self, forKey: .label)
        createdAt = try container.decodeWireDate(forKey: .createdAt)
        revoked = try container.decode(Bool.self, forKey: .revoked)
    }

    /// Encodes the summary, `createdAt` as RFC 3339 text; `label` left out when there is none.
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(feedId, forKey: .feedId)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeWireDate(createdAt, forKey: .createdAt)
        try container.encode(revoked, forKey: .revoked)
    }
}
