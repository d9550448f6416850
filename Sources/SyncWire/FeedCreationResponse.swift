/// The answer to `POST /v1/households/{id}/feeds` (201; the OpenAPI schema `FeedCreationResponse`): the feed's id,
/// its token (shown this once only) and the path of its calendar (`/v1/households/{id}/calendar.ics?feed=TOKEN`).
public struct FeedCreationResponse: Sendable, Codable, Equatable {
    /// The feed's id, for the list and for revoking it.
    public var feedId: String
    /// The feed token: 32 random bytes, base64url without padding; the server keeps only its hash.
    public var token: String
    /// The calendar's path on the server, token included.
    public var path: String

    /// Creates a response.
    public init(feedId: String, token: String, path: String) {
        self.feedId = feedId
        self.token = token
        self.path = path
    }
}
