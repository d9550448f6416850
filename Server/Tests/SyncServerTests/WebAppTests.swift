import Foundation
import HTTPTypes
import HummingbirdTesting
import InventoryKit
import InventoryModule
import InventorySync
import NIOCore
import PostgresNIO
import SyncServer
import Testing
import ThrowawayPostgres
import SyncWire

/// The household web app: members sign in with one-time invitations, read the replica's state as pages, and
/// change it with forms that become the kit's commands — once per submission, refused with the kit's message,
/// never for another household, never without the session's CSRF token.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct WebAppTests {
    static let hostile = "<script>alert(1)</script> \" onmouseover=\"alert(2)"

    /// A household a device booked into (``HouseholdViewAPITests/bookAndPush(_:_:_:title:)``), a member invited
    /// through the API and signed in.
    static func signedIn(_ server: SyncServerHarness, title: String = hostile) async throws
        -> (household: SyncServer.HouseholdID, token: BearerToken, browser: WebBrowserSession, product: ProductReference)
    {
        let (household, token, _) = try await server.household()
        let (_, product) = try await HouseholdViewAPITests.bookAndPush(server, household, token, title: title)
        let invitation = try await invite(server, household, token, name: "Ana")
        var browser = WebBrowserSession(server)
        let response = try await browser.signIn(invitation.invitationPath)
        #expect(response.status == .seeOther)
        #expect(response.headers[.location] == "/households/\(household)/stock")
        return (household, token, browser, product)
    }

    static func invite(
        _ server: SyncServerHarness, _ household: SyncServer.HouseholdID, _ token: BearerToken, name: String,
        expiresInSeconds: Int? = nil, invitedBy: String? = nil
    ) async throws -> MemberInvitation {
        let body = try JSONEncoder().encode(
            MemberCreationRequest(name: name, expiresInSeconds: expiresInSeconds, invitedBy: invitedBy))
        let response = try await server.client.execute(
            uri: "/v1/households/\(household)/members", method: .post, headers: SyncServerHarness.headers(token),
            body: ByteBuffer(bytes: body))
        #expect(response.status == .created)
        return try decode(MemberInvitation.self, response)
    }

    /// The lot ids a page lists, in order.
    static func lotIDs(_ html: String) -> [String] {
        html.matches(of: /data-lot="([^"]+)"/).map { String($0.1) }
    }

    static func text(_ response: TestResponse) -> String { String(buffer: response.body) }

    @Test func anInvitationSignsInOnceWithAnHttpOnlyLaxCookie() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let invitation = try await Self.invite(server, household, token, name: "Ana")
            #expect(invitation.invitationPath == "/invite/\(invitation.invitation)")

            var browser = WebBrowserSession(server)
            let page = try await browser.get(invitation.invitationPath)
            #expect(page.status == .ok)
            #expect(Self.text(page).contains("id=\"accept-invitation\""))
            #expect(page.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)

            let first = try await browser.signIn(invitation.invitationPath)
            #expect(first.status == .seeOther)
            let cookie = try #require(first.headers[.setCookie])
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && !cookie.contains("Secure"))

            var again = WebBrowserSession(server)
            let second = try await again.signIn(invitation.invitationPath)
            #expect(second.status == .gone)
            #expect(Self.text(second).contains("used already"))
            #expect(again.cookie == nil)

            var guessing = WebBrowserSession(server)
            let unknown = try await guessing.signIn("/invite/\(BearerToken.generate().rawValue)")
            #expect(unknown.status == .notFound)

            // Behind a TLS proxy the cookie is Secure.
            let tls = try await Self.invite(server, household, token, name: "Ben")
            var proxied = WebBrowserSession(server)
            let secure = try await proxied.signIn(tls.invitationPath, headers: [HTTPField.Name("X-Forwarded-Proto")!: "https"])
            #expect(secure.headers[.setCookie]?.contains("Secure") == true)

            let members = try decode(MemberList.self, try await server.client.execute(
                uri: "/v1/households/\(household)/members", method: .get, headers: SyncServerHarness.headers(token)))
            #expect(members.members.map(\.name) == ["Ana", "Ben"])
            #expect(members.members.map(\.openSessions) == [1, 1])
        }
    }

    @Test func expiredRevokedAndErasedInvitationsAndSessionsAreRefused() async throws {
        try await withSyncServer { server in
            let (household, token, browser, _) = try await Self.signedIn(server)
            #expect(try await browser.get("/households/\(household)/stock").status == .ok)

            let short = try await Self.invite(server, household, token, name: "Short", expiresInSeconds: 1)
            try await Task.sleep(for: .milliseconds(1200))
            var late = WebBrowserSession(server)
            let expired = try await late.signIn(short.invitationPath)
            #expect(expired.status == .gone)
            #expect(Self.text(expired).contains("expired"))

            // Revoking the member ends the session and their unused invitation.
            let members = try decode(MemberList.self, try await server.client.execute(
                uri: "/v1/households/\(household)/members", method: .get, headers: SyncServerHarness.headers(token)))
            let ana = try #require(members.members.first { $0.name == "Ana" })
            let unused = try await Self.invite(server, household, token, name: "Cleo")
            let cleo = try #require(MemberID(unused.memberId))
            for member in [ana.memberId, cleo] {
                let revoke = try await server.client.execute(
                    uri: "/v1/households/\(household)/members/\(member)", method: .delete,
                    headers: SyncServerHarness.headers(token))
                #expect(revoke.status == .noContent)
            }
            let after = try await browser.get("/households/\(household)/stock")
            #expect(after.status == .seeOther)
            #expect(after.headers[.location] == "/sign-in")
            var revoked = WebBrowserSession(server)
            let refused = try await revoked.signIn(unused.invitationPath)
            #expect(refused.status == .gone)
            #expect(Self.text(refused).contains("revoked"))

            // Erasing the household ends every session of it.
            let fresh = try await Self.invite(server, household, token, name: "Dana")
            var dana = WebBrowserSession(server)
            try await dana.signIn(fresh.invitationPath)
            #expect(try await dana.get("/households/\(household)/stock").status == .ok)
            let erase = try await server.client.execute(
                uri: "/v1/households/\(household)", method: .delete, headers: SyncServerHarness.headers(token))
            #expect(erase.status == .noContent)
            #expect(try await dana.get("/households/\(household)/stock").headers[.location] == "/sign-in")
        }
    }

    @Test func pagesEscapeEveryUserWrittenText() async throws {
        try await withSyncServer { server in
            let (household, _, browser, product) = try await Self.signedIn(server)
            let escaped = "&lt;script&gt;alert(1)&lt;/script&gt; &quot; onmouseover=&quot;alert(2)"
            for path in ["stock", "due", "products/\(WebBrowserSession.encode(product.rawValue))"] {
                let page = Self.text(try await browser.get("/households/\(household)/\(path)"))
                #expect(page.contains(escaped), "\(path) shows the title as text")
                #expect(!page.contains("<script>"), "\(path) holds no script element")
                #expect(!page.contains("onmouseover=\""), "\(path) holds no event attribute")
            }
            // Units by the household's names for them, plural unless the amount is 1.
            let stock = Self.text(try await browser.get("/households/\(household)/stock"))
            #expect(stock.contains("<bdi class=\"unit\">pieces</bdi>") && stock.contains("<bdi class=\"unit\">piece</bdi>"))
            let shopping = Self.text(try await browser.get("/households/\(household)/shopping"))
            #expect(shopping.contains("&lt;b&gt;bread&lt;/b&gt; &amp; &quot;butter&quot;"))
        }
    }

    @Test func templatesNeverRenderAValueUnescaped() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/SyncServer/Resources/web").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
        #expect(names.count >= 8)
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(!text.contains("{{{") && !text.contains("{{&") && !text.contains("{{%"), "\(name) escapes every value")
        }
    }

    @Test func aSessionOfOneHouseholdNeitherReadsNorWritesAnother() async throws {
        try await withSyncServer { server in
            let (home, _, browser, _) = try await Self.signedIn(server)
            let (other, otherToken, _) = try await server.household("Other")
            _ = try await HouseholdViewAPITests.bookAndPush(server, other, otherToken, title: "Secret")
            let before = try await server.rowCounts(other)
            for page in ["stock", "due", "shopping", "calendar"] {
                let response = try await browser.get("/households/\(other)/\(page)")
                #expect(response.status == .forbidden)
                #expect(!Self.text(response).contains("Secret"))
            }
            let homePage = Self.text(try await browser.get("/households/\(home)/shopping"))
            let fields = try WebBrowserSession.form(in: homePage, action: "/households/\(home)/shopping", [("note", "Milk")])
            let response = try await browser.post("/households/\(other)/shopping", fields)
            #expect(response.status == .forbidden)
            #expect(try await server.rowCounts(other) == before)
            // An unknown household answers alike.
            #expect(try await browser.get("/households/\(UUID())/stock").status == .forbidden)
        }
    }

    @Test func aFormWithoutTheSessionsCSRFTokenWritesNothing() async throws {
        try await withSyncServer { server in
            let (household, _, browser, _) = try await Self.signedIn(server)
            let action = "/households/\(household)/shopping"
            let page = Self.text(try await browser.get(action))
            let fields = try WebBrowserSession.form(in: page, action: action, [("note", "Eggs")])
            let before = try await server.rowCounts(household)
            let missing = try await browser.post(action, fields.filter { $0.0 != "csrf" })
            #expect(missing.status == .forbidden)
            let wrong = try await browser.post(action, fields.filter { $0.0 != "csrf" } + [("csrf", BearerToken.generate().rawValue)])
            #expect(wrong.status == .forbidden)
            let signedOut = try await WebBrowserSession(server).post(action, fields)
            #expect(signedOut.status == .unauthorized)
            #expect(try await server.rowCounts(household) == before)
            // The same form with its token books.
            let booked = try await browser.post(action, fields)
            #expect(booked.status == .seeOther)
            #expect(try await server.rowCounts(household)[0] == before[0] + 1)
            #expect(Self.text(try await browser.get(action)).contains("Eggs"))
        }
    }

    @Test func aDoubleSubmittedFormBooksOnce() async throws {
        try await withSyncServer { server in
            let (household, _, browser, product) = try await Self.signedIn(server)
            let productPath = "/households/\(household)/products/\(WebBrowserSession.encode(product.rawValue))"
            let page = Self.text(try await browser.get(productPath))
            let lot = try #require(Self.lotIDs(page).first)
            let action = "/households/\(household)/lots/\(lot)/consume"
            let fields = try WebBrowserSession.form(in: page, action: action, [("amount", "0.5")])
            let submission = try #require(fields.first { $0.0 == "submission" }?.1)
            // Two clicks in a row, then six more at once (a browser retrying).
            #expect(try await browser.post(action, fields).status == .seeOther)
            #expect(try await browser.post(action, fields).status == .seeOther)
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<6 { group.addTask { try await browser.post(action, fields).status } }
                for try await status in group { #expect(status == .seeOther) }
            }
            var transactions: [Int64] = []
            for try await (count, rows) in try await server.store.client.query(
                """
                SELECT count(DISTINCT payload->>'transactionId'), count(*) FROM changes
                WHERE household_id = \(household.rawValue) AND payload->>'idempotencyKey' = \(submission)
                """
            ).decode((Int64, Int64).self) {
                transactions = [count, rows]
            }
            #expect(transactions == [1, 1])
        }
    }

    @Test func overlappingWebCommandsBehaveAsIfRunOneAtATime() async throws {
        try await withSyncServer { server in
            let (household, _, browser, product) = try await Self.signedIn(server)
            let productPath = "/households/\(household)/products/\(WebBrowserSession.encode(product.rawValue))"
            let page = Self.text(try await browser.get(productPath))
            // The lot of 1.2345678901234567890123456789012345678 pieces (due in two days, so listed after the
            // overdue one of 1 piece).
            let lots = Self.lotIDs(page)
            let exact = try #require(lots.last)
            let action = "/households/\(household)/lots/\(exact)/consume"
            let template = try WebBrowserSession.form(in: page, action: action, [("amount", "0.1")])
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<16 {
                    let fields = template.filter { $0.0 != "submission" } + [("submission", UUID().uuidString.lowercased())]
                    group.addTask { try await browser.post(action, fields).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            // 12 × 0.1 fit in 1.2345…; the 13th would over-consume, whatever the order.
            #expect(statuses.filter { $0 == .seeOther }.count == 12)
            #expect(statuses.filter { $0 == .unprocessableContent }.count == 4)
            let after = Self.text(try await browser.get(productPath))
            #expect(after.contains("0.0345678901234567890123456789012345678"))
            let view = try await server.store.client.query(
                "SELECT count(*) FROM changes WHERE household_id = \(household.rawValue) AND payload->>'replicaID' LIKE 'web:%'"
            ).decode(Int64.self).reduce(into: [Int64]()) { $0.append($1) }
            #expect(view == [12])
        }
    }

    @Test func aCommandTheRulesRefuseShowsTheKitsMessageAndWritesNothing() async throws {
        try await withSyncServer { server in
            let (household, _, browser, product) = try await Self.signedIn(server)
            let productPath = "/households/\(household)/products/\(WebBrowserSession.encode(product.rawValue))"
            let page = Self.text(try await browser.get(productPath))
            let lot = try #require(Self.lotIDs(page).first)
            let action = "/households/\(household)/lots/\(lot)/consume"
            let before = try await server.rowCounts(household)
            for amount in ["1000", "-1", "two", "1e3", ""] {
                let fields = try WebBrowserSession.form(in: page, action: action, [("amount", amount)])
                let response = try await browser.post(action, fields)
                #expect(response.status == .unprocessableContent, "amount \(amount)")
                #expect(Self.text(response).contains("role=\"alert\""))
            }
            let overdone = try WebBrowserSession.form(in: page, action: action, [("amount", "1000")])
            let refusal = Self.text(try await browser.post(action, overdone))
            #expect(refusal.contains("1000"), "the kit's message names the amount: \(refusal)")
            let gone = try await browser.post("/households/\(household)/lots/not-a-lot/consume", try WebBrowserSession.form(in: page, action: action, [("amount", "1")]))
            #expect(gone.status == .unprocessableContent)
            #expect(try await server.rowCounts(household) == before)
        }
    }

    @Test func webEntriesAreTheMembersAndDevicesPullThem() async throws {
        try await withSyncServer { server in
            let (household, token, browser, _) = try await Self.signedIn(server)
            let action = "/households/\(household)/shopping"
            let page = Self.text(try await browser.get(action))
            let fields = try WebBrowserSession.form(in: page, action: action, [("note", "Oat milk"), ("amount", "2,5")])
            #expect(try await browser.post(action, fields).status == .seeOther)
            let changes = try await server.pullAll(household, token: token)
            let last = try KitPayloads.decode(InventoryJournalEntry.self, try #require(changes.changes.last?.payload))
            let members = try decode(MemberList.self, try await server.client.execute(
                uri: "/v1/households/\(household)/members", method: .get, headers: SyncServerHarness.headers(token)))
            #expect(last.replicaID.rawValue == "web:\(try #require(members.members.first?.memberId))")
            guard case .addShoppingListItem(let item) = last.operation else {
                Issue.record("expected a shopping list item, got \(last.operation)")
                return
            }
            #expect(item.note == "Oat milk")
            #expect(item.amount == Decimal(string: "2.5"))
            // Checking it off on the page takes it off the list.
            let listed = Self.text(try await browser.get(action))
            let remove = "/households/\(household)/shopping/\(item.id.rawValue)/remove"
            let removeFields = try WebBrowserSession.form(in: listed, action: remove)
            #expect(try await browser.post(remove, removeFields).status == .seeOther)
            #expect(!Self.text(try await browser.get(action)).contains("Oat milk"))
        }
    }

    @Test func signingOutEndsTheSession() async throws {
        try await withSyncServer { server in
            let (household, _, browser, _) = try await Self.signedIn(server)
            let page = Self.text(try await browser.get("/households/\(household)/stock"))
            let fields = try WebBrowserSession.form(in: page, action: "/sign-out")
            let response = try await browser.post("/sign-out", fields)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/signed-out")
            #expect(try await browser.get("/households/\(household)/stock").headers[.location] == "/sign-in")
        }
    }

    @Test func failedSignInsAreLimitedPerAddress() async throws {
        try await withSyncServer(limits: SyncLimits(maxFailedAuthenticationsPerMinute: 3)) { server in
            let (household, token, _) = try await server.household()
            let invitation = try await Self.invite(server, household, token, name: "Ana")
            var browser = WebBrowserSession(server)
            for _ in 0..<3 {
                #expect(try await browser.signIn("/invite/\(BearerToken.generate().rawValue)").status == .notFound)
            }
            // Blocked now, even with a good invitation, which stays unused.
            let blocked = try await browser.signIn(invitation.invitationPath)
            #expect(blocked.status == .unauthorized)
            #expect(browser.cookie == nil)
        }
    }

    @Test func formsSentFromAnotherSiteAreRefusedTheInvitationIncluded() async throws {
        try await withSyncServer { server in
            let (household, token, browser, _) = try await Self.signedIn(server)
            let action = "/households/\(household)/shopping"
            let fields = try WebBrowserSession.form(
                in: Self.text(try await browser.get(action)), action: action, [("note", "Planted")])
            let before = try await server.rowCounts(household)
            let crossSite: [HTTPFields] = [
                [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"], [.origin: "https://evil.example"], [.origin: "null"],
            ]
            for headers in crossSite {
                #expect(try await browser.post(action, fields, headers: headers).status == .forbidden)
            }
            #expect(try await server.rowCounts(household) == before)
            // Login CSRF: another site posting its own invitation signs nobody in, and the invitation stays unused.
            let invitation = try await Self.invite(server, household, token, name: "Planted")
            var visitor = WebBrowserSession(server)
            let refused = try await visitor.signIn(invitation.invitationPath, headers: [.origin: "https://evil.example"])
            #expect(refused.status == .forbidden)
            #expect(visitor.cookie == nil)
            #expect(try await visitor.signIn(invitation.invitationPath, headers: [HTTPField.Name("Sec-Fetch-Site")!: "same-origin"]).status == .seeOther)
        }
    }

    @Test func aShoppingItemsUnitIsTypedByItsName() async throws {
        try await withSyncServer { server in
            let (household, token, browser, _) = try await Self.signedIn(server)
            let action = "/households/\(household)/shopping"
            for (unit, note) in [("Piece", "Lemons"), (" pieces ", "Limes")] {
                let fields = try WebBrowserSession.form(
                    in: Self.text(try await browser.get(action)), action: action, [("note", note), ("amount", "3"), ("unit", unit)])
                #expect(try await browser.post(action, fields).status == .seeOther, "unit \(unit)")
            }
            #expect(Self.text(try await browser.get(action)).contains("<span class=\"quantity\">3 <bdi>pieces</bdi></span>"))
            let before = try await server.rowCounts(household)
            let fields = try WebBrowserSession.form(
                in: Self.text(try await browser.get(action)), action: action, [("note", "Flour"), ("unit", "kg")])
            let refused = try await browser.post(action, fields)
            #expect(refused.status == .unprocessableContent)
            #expect(Self.text(refused).contains("its units are: \u{2068}piece\u{2069}"))
            #expect(Self.text(refused).contains("value=\"Flour\""), "what was typed stays in the form")
            #expect(try await server.rowCounts(household) == before)
            let items = try await server.pullAll(household, token: token).changes.suffix(2).map {
                try KitPayloads.decode(InventoryJournalEntry.self, $0.payload)
            }
            for entry in items {
                guard case .addShoppingListItem(let item) = entry.operation else {
                    Issue.record("expected a shopping list item")
                    continue
                }
                #expect(item.unit == UnitID.derived(name: "piece"))
            }
        }
    }
}
