import Foundation
import HTTPTypes
import HummingbirdTesting
import InventoryModule
import ProductModule
import Testing
import ThrowawayPostgres

@testable import SyncServer

/// The product page's forms that move a lot, count what is there, and set the product's settings: each one of
/// the kit's commands, refused with a message and nothing written.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct WebLotFormTests {
    /// The amounts of the lots a product page shows.
    static func amounts(_ html: String) -> [Decimal] {
        html.matches(of: /<h2 id="lot-[^"]+"><span class="amount">([^<]+)<\/span>/).compactMap { Decimal(string: String($0.1)) }
    }

    /// Adds a location through the setup page; returns its id.
    static func addLocation(_ name: String, _ household: SyncServer.HouseholdID, _ browser: WebBrowserSession) async throws -> String {
        let setup = "/households/\(household)/setup"
        let add = "/households/\(household)/locations"
        let page = WebAppTests.text(try await browser.get(setup))
        #expect(try await browser.post(add, try WebBrowserSession.form(in: page, action: add, [("name", name)])).status == .seeOther)
        let after = WebAppTests.text(try await browser.get(setup))
        let row = try #require(after.range(of: "<bdi class=\"name\">\(name)</bdi>"))
        let before = after[..<row.lowerBound]
        return try #require(before.matches(of: /data-location="([^"]+)"/).last.map { String($0.1) })
    }

    @Test func aLotMovesToAnotherLocationAndAMoveWithoutOneIsRefused() async throws {
        try await withSyncServer { server in
            let (household, _, browser, product) = try await WebAppTests.signedIn(server)
            let name = "\u{202E}yrtnaP " + String(repeating: "P", count: 100)
            let pantry = try await Self.addLocation(name, household, browser)
            let productPath = "/households/\(household)/products/\(WebPaths.segment(product.rawValue))"
            let page = WebAppTests.text(try await browser.get(productPath))
            #expect(page.contains("<option value=\"\(pantry)\" dir=\"auto\">\(name)</option>"))
            let lot = try #require(WebAppTests.lotIDs(page).last)
            let move = "/households/\(household)/lots/\(WebPaths.segment(lot))/move"

            let before = try await server.rowCounts(household)
            let refused = try await browser.post(move, try WebBrowserSession.form(in: page, action: move, [("amount", "1"), ("to", "")]))
            #expect(refused.status == .unprocessableContent)
            #expect(WebAppTests.text(refused).contains("Choose a location"))
            #expect(try await server.rowCounts(household) == before)

            let moved = try await browser.post(move, try WebBrowserSession.form(in: page, action: move, [("amount", "1"), ("to", pantry)]))
            #expect(moved.status == .seeOther)
            #expect(moved.headers[.location] == productPath)
            let after = WebAppTests.text(try await browser.get(productPath))
            #expect(after.contains("in <bdi class=\"location\">\(name)</bdi>"))
            #expect(Self.amounts(after).reduce(0, +) == Self.amounts(page).reduce(0, +), "moving keeps the amount")
        }
    }

    @Test func aCountSetsTheAmountAtTheLotsLocation() async throws {
        try await withSyncServer { server in
            let (household, _, browser, product) = try await WebAppTests.signedIn(server)
            let productPath = "/households/\(household)/products/\(WebPaths.segment(product.rawValue))"
            let page = WebAppTests.text(try await browser.get(productPath))
            let lot = try #require(WebAppTests.lotIDs(page).first)
            let correct = "/households/\(household)/lots/\(WebPaths.segment(lot))/correct"
            let counted = try await browser.post(correct, try WebBrowserSession.form(in: page, action: correct, [("amount", "5")]))
            #expect(counted.status == .seeOther)
            #expect(Self.amounts(WebAppTests.text(try await browser.get(productPath))).reduce(0, +) == 5)
            let before = try await server.rowCounts(household)
            let refused = try await browser.post(correct, try WebBrowserSession.form(in: page, action: correct, [("amount", "some")]))
            #expect(refused.status == .unprocessableContent)
            #expect(try await server.rowCounts(household) == before)
        }
    }

    @Test func aCatalogProductNeverStockedTakesItsSettingsBeforeItsFirstPurchase() async throws {
        try await withSyncServer { server in
            let (household, token, browser, _) = try await WebAppTests.signedIn(server)
            let butter = try KitPayloads.product("4001686301265", title: "Butter")
            let pushed = try await server.push(household, token: token, operations: [
                try KitPayloads.productChange(butter.productID, product: butter, stamp: KitPayloads.stamp(1), baseStamp: nil),
            ])
            #expect(pushed.status == .ok)
            let productPath = "/households/\(household)/products/4001686301265"
            let settings = "\(productPath)/settings"
            let page = WebAppTests.text(try await browser.get(productPath))
            let saved = try await browser.post(settings, try WebBrowserSession.form(
                in: page, action: settings, [("minimum", "2"), ("unit", "piece"), ("days", "7")]))
            #expect(saved.status == .seeOther, "\(WebAppTests.text(saved).prefix(400))")
            #expect(WebAppTests.text(try await browser.get(productPath)).contains("maxlength=\"40\" value=\"2\""))
            // A product the household's catalog does not hold is still refused, nothing written.
            let before = try await server.rowCounts(household)
            let unknown = "/households/\(household)/products/4000000000006/settings"
            let fields = try WebBrowserSession.form(in: page, action: settings, [("minimum", "2"), ("days", "7")])
            let refused = try await browser.post(
                unknown, fields.map { $0.0 == "submission" ? ($0.0, UUID().uuidString) : $0 })
            #expect(refused.status == .unprocessableContent)
            #expect(try await server.rowCounts(household) == before)
        }
    }

    @Test func productSettingsAreSavedAndKeepWhatTheFormDoesNotShow() async throws {
        try await withSyncServer { server in
            let (household, _, browser, product) = try await WebAppTests.signedIn(server)
            let productPath = "/households/\(household)/products/\(WebPaths.segment(product.rawValue))"
            let settings = "\(productPath)/settings"
            var page = WebAppTests.text(try await browser.get(productPath))
            // The device set a minimum of 10 in pieces.
            #expect(page.contains("name=\"minimum\" type=\"text\" inputmode=\"decimal\" required maxlength=\"40\" value=\"10\""))
            let fridge = try #require(page.firstMatch(of: /<option value="([^"]+)" dir="auto">Fridge<\/option>/).map { String($0.1) })
            let saved = try await browser.post(settings, try WebBrowserSession.form(
                in: page, action: settings, [("minimum", "3"), ("location", fridge), ("unit", "piece"), ("days", "7")]))
            #expect(saved.status == .seeOther)
            page = WebAppTests.text(try await browser.get(productPath))
            #expect(page.contains("value=\"3\""))
            #expect(page.contains("<option value=\"\(fridge)\" dir=\"auto\" selected>Fridge</option>"))
            #expect(page.contains("id=\"due-days\" name=\"days\" type=\"text\" inputmode=\"numeric\" maxlength=\"5\" value=\"7\""))

            let before = try await server.rowCounts(household)
            for (field, value, says) in [("days", "seven", "not a number of days"), ("minimum", "-1", "not an amount"), ("unit", "crate", "no unit")] {
                var fields = try WebBrowserSession.form(in: page, action: settings, [("minimum", "3"), ("days", "7")])
                fields.removeAll { $0.0 == field }
                fields.append((field, value))
                let refused = try await browser.post(settings, fields)
                #expect(refused.status == .unprocessableContent, "\(field) \(value)")
                #expect(WebAppTests.text(refused).contains(says), "\(field) \(value) says \(says)")
            }
            #expect(try await server.rowCounts(household) == before)
        }
    }
}
