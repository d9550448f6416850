/// The body of `POST /v1/households/{id}/members` (the OpenAPI schema `MemberCreationRequest`): the member's name
/// and, optionally, how long the invitation works (seconds; 7 days when absent).
public struct MemberCreationRequest: Sendable, Codable, Equatable {
    /// The member's name, 1 to 100 characters.
    public var name: String
    /// Seconds the invitation works, 1 to 30 days' worth.
    public var expiresInSeconds: Int?

    /// Creates a request.
    public init(name: String, expiresInSeconds: Int? = nil) {
        self.name = name
        self.expiresInSeconds = expiresInSeconds
    }
}
