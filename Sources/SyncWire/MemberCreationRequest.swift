/// The body of `POST /v1/households/{id}/members` (the OpenAPI schema `MemberCreationRequest`): the member's name
/// and, optionally, how long the invitation works (seconds; 7 days when absent) and who sends it.
public struct MemberCreationRequest: Sendable, Codable, Equatable {
    /// The member's name, 1 to 100 characters.
    public var name: String
    /// Seconds the invitation works, 1 to 30 days' worth.
    public var expiresInSeconds: Int?
    /// Who sends the invitation, as the invitation page names them ("Ana"), 1 to 100 characters; absent when the
    /// sender gives no name.
    public var invitedBy: String?

    /// Creates a request.
    public init(name: String, expiresInSeconds: Int? = nil, invitedBy: String? = nil) {
        self.name = name
        self.expiresInSeconds = expiresInSeconds
        self.invitedBy = invitedBy
    }
}
