import Foundation

/// What the server keeps of a household's feed token, as `GET /v1/households/{id}/feeds` and `feed list` show
/// it: never the token (only its hash is stored).
package struct FeedTokenRecord: Sendable, Hashable {
    /// The feed.
    package let id: FeedID
    /// The label its creator gave it, if any.
    package let label: String?
    /// When it was created.
    package let createdAt: Date
    /// When it was revoked; `nil` while it works.
    package let revokedAt: Date?

    /// Creates a value.
    package init(id: FeedID, label: String?, createdAt: Date, revokedAt: Date?) {
        self.id = id
        self.label = label
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }
}
