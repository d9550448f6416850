/// The answer to `GET /v1/households/{id}/feeds` (the OpenAPI schema `FeedList`): the household's feeds, revoked
/// ones included, oldest first.
public struct FeedList: Sendable, Hashable, Codable {
    /// The feeds.
    public var feeds: [FeedSummary]

    /// Creates a list.
    public init(feeds: [FeedSummary]) { self.feeds = feeds }
}
