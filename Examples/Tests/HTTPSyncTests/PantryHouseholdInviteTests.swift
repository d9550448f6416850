import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(
    "pantry household invite against a real server", .serialized,
    .enabled(if: SyncServerFixture.postgresInstalled, SyncServerFixture.skipReason))
struct PantryHouseholdInviteTests {
    @Test("a joined pantry invites a person: the link opens the invitation page and the member is listed")
    func inviteFromAJoinedPantry() async throws {
        let server = try SyncServerFixture.shared()
        let household = try server.household(devices: 1)
        let device = try PantryDevice.make(store: "sqlite", server: server, household: household, device: 0)
        defer { try? FileManager.default.removeItem(at: device.folder) }
        try device.join()

        let text = try device.expectSuccess(["household", "invite", "--name", "Ana"])
        let lines = Dictionary(
            text.split(separator: "\n").compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }, uniquingKeysWith: { first, _ in first })
        let member = try #require(lines["member"], "\(text)")
        let link = try #require(lines["invitation"].flatMap(URL.init(string:)), "\(text)")
        #expect(link.absoluteString.hasPrefix(server.url.absoluteString + "/invite/"), "\(link)")
        let expires = try #require(lines["expires"].flatMap { try? Date($0, strategy: .iso8601) }, "\(text)")
        #expect(abs(expires.timeIntervalSinceNow - 7 * 24 * 3600) < 120, "seven days by default: \(expires)")
        #expect(!text.contains(device.token), "the device's token is never printed")

        // The link shows the page with the Sign in form; opening it does not use the invitation up.
        let (page, response) = try await URLSession.shared.data(from: link)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: page, as: UTF8.self).contains(#"id="accept-invitation""#))

        let listed = try server.members(of: household)
        #expect(listed.count == 1 && listed.first?.first == member, "\(listed)")
        #expect(listed.first?.dropFirst(2) == ["live", "sessions=0", "Ana"], "\(listed)")
    }

    @Test("--json prints the member, the link and the expiry; --expires-in-seconds shortens the invitation; --from names the sender")
    func inviteAsJSON() async throws {
        let server = try SyncServerFixture.shared()
        let household = try server.household(devices: 1)
        let device = try PantryDevice.make(store: "json", server: server, household: household, device: 0)
        defer { try? FileManager.default.removeItem(at: device.folder) }
        try device.join()

        let output = try device.expectSuccess([
            "household", "invite", "--name", "  Bo  ", "--expires-in-seconds", "60", "--from", "Ana \u{202E}x", "--json",
        ])
        struct Report: Decodable {
            var householdId: String
            var memberId: UUID
            var name: String
            var link: URL
            var expiresAt: Date
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let report = try decoder.decode(Report.self, from: Data(output.utf8))
        #expect(report.householdId == household.id.uuidString.lowercased() && report.name == "Bo", "\(output)")
        #expect(report.link.path.hasPrefix("/invite/") && report.link.host == server.url.host, "\(output)")
        #expect(report.expiresAt.timeIntervalSinceNow > 0 && report.expiresAt.timeIntervalSinceNow <= 61, "\(output)")
        #expect(try server.members(of: household).first?.first == report.memberId.uuidString.lowercased())
        // The invitation page says who sent it, isolated from the sentence around it.
        let (page, _) = try await URLSession.shared.data(from: report.link)
        #expect(String(decoding: page, as: UTF8.self).contains("<bdi class=\"inviter\">Ana \u{202E}x</bdi> sent you this link."))
        let tooLong = try device.run(["household", "invite", "--name", "Bo", "--from", String(repeating: "a", count: 101)])
        #expect(tooLong.status != 0 && tooLong.error.contains("--from"), "\(tooLong.error)")
    }

    @Test("without a store the options suffice and none is made; a refused device exits 6 and invites nobody")
    func inviteWithoutAStoreAndRefused() throws {
        let server = try SyncServerFixture.shared()
        let household = try server.household(devices: 1)
        var device = try PantryDevice.make(store: "sqlite", server: server, household: household, device: 0)
        defer { try? FileManager.default.removeItem(at: device.folder) }
        let store = device.folder.appendingPathComponent("store")
        let options = ["--server", server.url.absoluteString, "--household", household.id.uuidString]

        let token = device.token
        device.token = "not-a-token"
        let refused = try device.run(["household", "invite", "--name", "Ana", "--token", device.token] + options)
        #expect(refused.status == 6, "exit status \(refused.status): \(refused.error)")
        #expect(refused.error.split(separator: "\n").count == 1 && refused.error.contains("nobody was invited"), "\(refused.error)")
        #expect(try server.members(of: household).isEmpty)

        let noServer = try device.run(["household", "invite", "--name", "Ana"])
        #expect(noServer.status == 2 && noServer.error.contains("needs --server"), "\(noServer.error)")

        let invited = try device.run(["household", "invite", "--name", "Ana", "--token", token] + options)
        #expect(invited.status == 0 && invited.output.contains("invitation: \(server.url.absoluteString)/invite/"), "\(invited.error)")
        #expect(try server.members(of: household).count == 1)
        #expect(!FileManager.default.fileExists(atPath: store.path), "no store was made")
    }
}
