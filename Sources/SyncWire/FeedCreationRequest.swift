/// The body of `POST /v1/households/{id}/feeds` (the OpenAPI schema `FeedCreationRequest`): `{"label": "Kitchen
/// tablet"}`, or an empty body for no label.
public struct FeedCreationRequest: Sendable, Codable, Equatable {
    /// A name the household gives the feed, shown by the list (1–200 bytes, no control characters).
    public var label: String?

    /// Creates a request.
    public init(label: String? = nil) { self.label = label }
}
