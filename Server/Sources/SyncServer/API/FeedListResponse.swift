import Foundation
import Hummingbird

/// The answer to `GET /v1/households/{id}/feeds`: the household's feeds, revoked ones included, oldest first. No
/// token is ever listed (the server keeps only hashes).
public struct FeedListResponse: Sendable, Codable, Equatable, ResponseEncodable {
    /// One feed.
    public struct Feed: Sendable, Codable, Equatable {
        /// The feed's id.
        public var feedId: String
        /// Its label, if it has one.
        public var label: String?
        /// When it was created.
        public var createdAt: Date
        /// Whether it was revoked (its token no longer reads the calendar).
        public var revoked: Bool

        /// Creates a value.
        public init(feedId: String, label: String?, createdAt: Date, revoked: Bool) {
            self.feedId = feedId
            self.label = label
            self.createdAt = createdAt
            self.revoked = revoked
        }
    }

    /// The feeds.
    public var feeds: [Feed]

    /// Creates a response.
    public init(feeds: [Feed]) { self.feeds = feeds }

    /// The list of stored records.
    public init(_ records: [FeedTokenRecord]) {
        feeds = records.map {
            Feed(feedId: $0.id.description, label: $0.label, createdAt: $0.createdAt, revoked: $0.revokedAt != nil)
        }
    }
}
