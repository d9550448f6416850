import Foundation
import HTTPTypes
import HummingbirdTesting
import InventoryModule
import NIOCore
@testable import SyncServer
import SyncWire
import Testing
import ThrowawayPostgres

/// Text people type, shown as it was typed and kept from the text around it: a right-to-left override in a note
/// does not turn the quantity after it around, a long word does not widen the page, and pages name the household
/// and the invitation's household and member in plain words.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct WebHostileTextTests {
    /// RIGHT-TO-LEFT OVERRIDE before ordinary text, with no POP DIRECTIONAL FORMATTING after it.
    static let override = "\u{202E}milk for Ana"
    /// One word of 100 characters.
    static let longWord = String(repeating: "W", count: 100)

    @Test func aShoppingNoteWithAnOverrideIsIsolatedFromItsQuantity() async throws {
        try await withSyncServer { server in
            let (household, _, browser, _) = try await WebAppTests.signedIn(server)
            let action = "/households/\(household)/shopping"
            let fields = try WebBrowserSession.form(
                in: WebAppTests.text(try await browser.get(action)), action: action,
                [("note", Self.override), ("amount", "12"), ("unit", "piece")])
            #expect(try await browser.post(action, fields).status == .seeOther)
            let page = WebAppTests.text(try await browser.get(action))
            // The note sits in its own isolate, the quantity outside it, its unit's name isolated too.
            #expect(page.contains(
                "<bdi class=\"note\">\(Self.override)</bdi> <span class=\"quantity\">12 <bdi>pieces</bdi></span>"))
        }
    }

    @Test func aRefusalQuotesWhatWasTypedInAnIsolate() async throws {
        try await withSyncServer { server in
            let (household, _, browser, _) = try await WebAppTests.signedIn(server)
            let action = "/households/\(household)/shopping"
            let fields = try WebBrowserSession.form(
                in: WebAppTests.text(try await browser.get(action)), action: action,
                [("note", "Flour"), ("amount", Self.override)])
            let refused = try await browser.post(action, fields)
            #expect(refused.status == .unprocessableContent)
            #expect(WebAppTests.text(refused).contains("“\u{2068}\(Self.override)\u{2069}” is not an amount"))
        }
    }

    @Test func pagesNameTheHouseholdAndSayHowFreshTheyAreInPlainWords() async throws {
        try await withSyncServer { server in
            let (household, _, browser, product) = try await WebAppTests.signedIn(server)
            for page in ["stock", "due", "shopping", "calendar", "products/\(product.rawValue)"] {
                let html = WebAppTests.text(try await browser.get("/households/\(household)/\(page)"))
                // The device's journal named the household "Home".
                #expect(html.contains("<bdi id=\"household-name\">Home</bdi>"), "\(page) names the household")
                #expect(html.contains("Up to date as of "), "\(page) says how fresh it is")
                #expect(!html.contains("Folded"), "\(page) uses no internal words")
                #expect(html.contains("data-seq=\""), "\(page) keeps the change number for tools")
            }
        }
    }

    @Test func theInvitationPageNamesTheHouseholdAndTheMemberWithoutUsingTheInvitation() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household("Our \(Self.longWord) home")
            let invitation = try await WebAppTests.invite(server, household, token, name: Self.override)
            var browser = WebBrowserSession(server)
            let page = WebAppTests.text(try await browser.get(invitation.invitationPath))
            #expect(page.contains(
                "the household <bdi class=\"household\">Our \(Self.longWord) home</bdi> as <bdi class=\"member\">\(Self.override)</bdi>"))
            // Looking did not use it: it still signs in, and then names nobody.
            #expect(try await browser.signIn(invitation.invitationPath).status == .seeOther)
            let used = WebAppTests.text(try await WebBrowserSession(server).get(invitation.invitationPath))
            #expect(!used.contains("id=\"invitation-for\""))
            #expect(page.contains("A member of the household (or the server's operator) made this link"), "no sender named")
        }
    }

    @Test func theInvitationPageNamesWhoSentItIsolatedAndAnOverlongSenderIsRefused() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household("Home")
            let invitation = try await WebAppTests.invite(
                server, household, token, name: "Bo", invitedBy: "  \(Self.override) Ana  ")
            let page = WebAppTests.text(try await WebBrowserSession(server).get(invitation.invitationPath))
            #expect(page.contains("<bdi class=\"inviter\">\(Self.override) Ana</bdi> sent you this link."))
            let body = try JSONEncoder().encode(
                MemberCreationRequest(name: "Bo", invitedBy: String(repeating: "x", count: 101)))
            let refused = try await server.client.execute(
                uri: "/v1/households/\(household)/members", method: .post, headers: SyncServerHarness.headers(token),
                body: ByteBuffer(bytes: body))
            #expect(refused.status == .badRequest)
            #expect(String(buffer: refused.body).contains("invitedBy"))
        }
    }

    @Test(arguments: [("6", "1"), ("1", "1"), ("0.25", "0.25"), ("2.5", "1")])
    func amountToOpenStartsAtOneOrTheWholeLotWhenItHoldsLess(quantity: String, expected: String) throws {
        let amount = try #require(Decimal(string: quantity))
        #expect("\(WebLotRow.openAmount(amount))" == expected)
    }
}
