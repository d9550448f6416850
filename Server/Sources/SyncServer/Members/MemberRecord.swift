import Foundation

/// A household member as the store keeps them: `member list` prints them, `GET /v1/households/{id}/members` lists
/// them as the wire contract's `MemberSummary`.
package struct MemberRecord: Sendable, Hashable {
    /// The member.
    package let memberId: MemberID
    /// The name the member was invited under.
    package let name: String
    /// When the member was invited.
    package let createdAt: Date
    /// When the member was revoked, if they were: their sessions and invitations no longer work.
    package let revokedAt: Date?
    /// Sessions of the member that are open now.
    package let openSessions: Int

    /// Creates a record.
    package init(memberId: MemberID, name: String, createdAt: Date, revokedAt: Date?, openSessions: Int) {
        self.memberId = memberId
        self.name = name
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.openSessions = openSessions
    }
}
