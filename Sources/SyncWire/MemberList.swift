/// The answer to `GET /v1/households/{id}/members` (the OpenAPI schema `MemberList`): the household's members,
/// revoked ones included, oldest first.
public struct MemberList: Sendable, Hashable, Codable {
    /// The members.
    public var members: [MemberSummary]

    /// Creates a list.
    public init(members: [MemberSummary]) { self.members = members }
}
