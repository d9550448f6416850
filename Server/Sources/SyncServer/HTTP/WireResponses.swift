import Hummingbird
import SyncWire

// The wire contract's answers that Hummingbird's JSON encoder writes as they are (their dates are RFC 3339 text
// whatever the encoder's date strategy).

extension Status: @retroactive ResponseEncodable {}
extension MemberInvitation: @retroactive ResponseEncodable {}
extension MemberList: @retroactive ResponseEncodable {}
extension FeedCreationResponse: @retroactive ResponseEncodable {}
extension FeedList: @retroactive ResponseEncodable {}

extension MemberList {
    /// The list of the household's stored member records.
    init(_ records: [MemberRecord]) {
        self.init(members: records.map {
            MemberSummary(
                memberId: $0.memberId.description, name: $0.name, createdAt: $0.createdAt, revokedAt: $0.revokedAt,
                openSessions: $0.openSessions)
        })
    }
}

extension FeedList {
    /// The list of the household's stored feed records.
    init(_ records: [FeedTokenRecord]) {
        self.init(feeds: records.map {
            FeedSummary(feedId: $0.id.description, label: $0.label, createdAt: $0.createdAt, revoked: $0.revokedAt != nil)
        })
    }
}
