import Foundation
import Hummingbird

/// The answer to `GET /v1/households/{id}/members`: the household's members, revoked ones included, oldest
/// first. No invitation or session token is ever listed (the server keeps only hashes).
public struct MemberListResponse: Sendable, Codable, Equatable, ResponseEncodable {
    /// The members.
    public var members: [MemberRecord]

    /// Creates a response.
    public init(members: [MemberRecord]) { self.members = members }
}
