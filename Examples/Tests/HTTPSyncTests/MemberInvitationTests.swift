import Foundation
import HTTPSync
import Testing
import SyncWire

@Suite("MemberInvitation: the server's answer to a member invitation, and the link made of it")
struct MemberInvitationTests {
    @Test(
        "decodes the server's answer, its expiry with or without fractional seconds",
        arguments: [
            ("2026-12-04T01:41:02Z", 0.0),
            ("2026-12-04T01:41:02.250Z", 0.25),
            ("2026-12-04T02:41:02+01:00", 0.0),
        ])
    func decodesTheAnswer(expiresAt: String, fraction: Double) throws {
        let body = """
            {"memberId":"49972301-E9D8-4B34-977D-E9EC489C0D33","invitation":"TvoK5YmrUlJUCAJeIcjC76oOoLxFE33kpeGvYAeONbs",\
            "name":"Ana","expiresAt":"\(expiresAt)","invitationPath":"\\/invite\\/TvoK5YmrUlJUCAJeIcjC76oOoLxFE33kpeGvYAeONbs"}
            """
        let invitation = try JSONDecoder().decode(MemberInvitation.self, from: Data(body.utf8))
        #expect(invitation.memberId == "49972301-E9D8-4B34-977D-E9EC489C0D33")
        #expect(invitation.name == "Ana")
        #expect(invitation.invitation == "TvoK5YmrUlJUCAJeIcjC76oOoLxFE33kpeGvYAeONbs")
        #expect(invitation.invitationPath == "/invite/TvoK5YmrUlJUCAJeIcjC76oOoLxFE33kpeGvYAeONbs")
        // 2026-12-04T01:41:02Z
        #expect(invitation.expiresAt.timeIntervalSince1970 == 1_796_348_462 + fraction)
    }

    @Test(
        "an answer that is not an invitation is refused",
        arguments: [
            #"{"memberId":7,"invitation":"t","name":"A","expiresAt":"2026-12-04T01:41:02Z","invitationPath":"/invite/t"}"#,
            #"{"memberId":"49972301-e9d8-4b34-977d-e9ec489c0d33","invitation":"t","name":"A","expiresAt":"tomorrow","invitationPath":"/invite/t"}"#,
            #"{"memberId":"49972301-e9d8-4b34-977d-e9ec489c0d33","name":"A","expiresAt":"2026-12-04T01:41:02Z"}"#,
            #"{"error":{"code":"forbidden","message":"no"}}"#,
        ])
    func refusesOtherAnswers(body: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MemberInvitation.self, from: Data(body.utf8)) }
    }

    @Test(
        "the link is the server's address, without the API's /v1, followed by the invitation's path",
        arguments: [
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080/invite/abc"),
            ("http://127.0.0.1:8080/v1", "http://127.0.0.1:8080/invite/abc"),
            ("http://127.0.0.1:8080/v1/", "http://127.0.0.1:8080/invite/abc"),
            ("https://pantry.example/household/", "https://pantry.example/household/invite/abc"),
            ("https://pantry.example/household/v1", "https://pantry.example/household/invite/abc"),
        ])
    func linkOnTheServer(server: String, link: String) throws {
        let configuration = try HTTPSyncConfiguration(
            server: try #require(URL(string: server)), household: UUID(), token: "device-token")
        let invitation = MemberInvitation(
            memberId: UUID().uuidString.lowercased(), name: "Ana", invitation: "abc", invitationPath: "/invite/abc", expiresAt: Date())
        #expect(invitation.link(on: configuration).absoluteString == link)
    }
}
