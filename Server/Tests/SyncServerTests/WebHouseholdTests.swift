import Foundation
import HTTPTypes
import HummingbirdTesting
import InventoryModule
import InventorySync
@testable import SyncServer
import Testing
import ThrowawayPostgres

/// The pages that run the household: the history with its Undo forms, and locations and units set up from the
/// web — each action one of the kit's commands, refused with the kit's message and nothing written, hostile names
/// shown isolated.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct WebHouseholdTests {
    static let hostileName = "\u{202E}rezeerF " + String(repeating: "W", count: 100)

    /// The transaction ids the history page lists, newest first.
    static func transactions(_ html: String) -> [String] {
        html.matches(of: /data-transaction="([^"]+)"/).map { String($0.1) }
    }

    @Test func theHistoryListsBookingsNewestFirstAndItsUndoTakesOneBackOnce() async throws {
        try await withSyncServer { server in
            let (household, _, browser, _) = try await WebAppTests.signedIn(server)
            let path = "/households/\(household)/history"
            let page = WebAppTests.text(try await browser.get(path))
            let listed = Self.transactions(page)
            #expect(listed.count == 7, "the device booked seven transactions")
            #expect(page.contains("<span class=\"what\">Added to the shopping list</span>"))
            #expect(page.contains("by <bdi class=\"who\">the device view-device</bdi>"))
            // Setup cannot be undone: only the two purchases and the shopping item offer Undo.
            let undoable = page.matches(of: /action="([^"]+\/undo)"/).map { String($0.1) }
            #expect(undoable.count == 3, "two purchases and the shopping item can be undone: \(undoable)")
            #expect(!page.contains("Folded"))
            // Times on the household's clocks: the device created it in Berlin.
            #expect(page.contains(" Europe/Berlin</time>") || page.contains(" Europe/Berlin<"), "times in the household's zone")
            #expect(!page.contains(" UTC<"))

            // Undo the newest purchase: its lot leaves the stock page.
            let bought = try #require(page.firstMatch(of: /data-transaction="([^"]+)">\n<p class="line"><span class="what">Bought/))
            let purchase = "\(path)/\(bought.1)/undo"
            #expect(undoable.contains(purchase))
            let lotsBefore = WebAppTests.lotIDs(WebAppTests.text(try await browser.get("/households/\(household)/stock")))
            let fields = try WebBrowserSession.form(in: page, action: purchase)
            let undone = try await browser.post(purchase, fields)
            #expect(undone.status == .seeOther)
            #expect(undone.headers[.location] == path)
            let lotsAfter = WebAppTests.lotIDs(WebAppTests.text(try await browser.get("/households/\(household)/stock")))
            #expect(lotsAfter.count == lotsBefore.count - 1)
            let after = WebAppTests.text(try await browser.get(path))
            #expect(after.contains("<span class=\"what\">Undid a change</span>"))
            // The kit's fold skips an undone transaction's entries: it leaves the history with its Undo form.
            #expect(!after.contains("data-transaction=\"\(bought.1)\""))
            #expect(!after.contains("action=\"\(purchase)\""), "an undone booking offers no Undo")

            // The same form again books nothing more; a fresh form for it is refused by the kit.
            let before = try await server.rowCounts(household)
            #expect(try await browser.post(purchase, fields).status == .seeOther)
            let again = try await browser.post(purchase, fields.map { $0.0 == "submission" ? ($0.0, UUID().uuidString) : $0 })
            #expect(again.status == .unprocessableContent)
            #expect(WebAppTests.text(again).contains("role=\"alert\""))
            #expect(try await server.rowCounts(household) == before)
        }
    }

    @Test func theHistoryKeepsTheNewestTransactionsInOnePassAsASortWould() throws {
        var generator = SystemRandomNumberGenerator()
        let effects = (0..<500).map { index in
            let id = UUID()
            return TransactionEffect(
                transactionID: TransactionID(id),
                firstOrderKey: InventoryJournalOrderKey(
                    recordedAt: Date(timeIntervalSince1970: Double(Int.random(in: 0..<200, using: &generator))),
                    replicaID: ReplicaID("device-\(index % 3)"), entryID: id))
        }
        for count in [0, 1, 50, 499, 500, 600] {
            let sorted = effects.sorted { $0.firstOrderKey > $1.firstOrderKey }.prefix(count).map(\.transactionID)
            #expect(WebPageBuilder.newest(effects, count: count).map(\.transactionID) == Array(sorted), "\(count)")
        }
    }

    @Test func locationsAreAddedRenamedAndRemovedWithHostileNamesShownIsolated() async throws {
        try await withSyncServer { server in
            let (household, _, browser, _) = try await WebAppTests.signedIn(server)
            let setup = "/households/\(household)/setup"
            let add = "/households/\(household)/locations"
            var page = WebAppTests.text(try await browser.get(setup))
            #expect(page.contains("<bdi class=\"name\">Fridge</bdi>"))
            let added = try await browser.post(
                add, try WebBrowserSession.form(in: page, action: add, [("name", Self.hostileName), ("freezer", "yes")]))
            #expect(added.status == .seeOther)
            page = WebAppTests.text(try await browser.get(setup))
            #expect(page.contains("<bdi class=\"name\">\(Self.hostileName)</bdi> <span class=\"tag\">freezer</span>"))
            let id = try #require(page.firstMatch(of: /data-location="([^"]+)">\n<p class="line"><bdi class="name">‮/).map { String($0.1) })

            let rename = "/households/\(household)/locations/\(WebPaths.segment(id))/rename"
            let renamed = try await browser.post(rename, try WebBrowserSession.form(in: page, action: rename, [("name", "Chest freezer")]))
            #expect(renamed.status == .seeOther)
            page = WebAppTests.text(try await browser.get(setup))
            #expect(page.contains("<bdi class=\"name\">Chest freezer</bdi> <span class=\"tag\">freezer</span>"))
            #expect(!page.contains(Self.hostileName))

            // The kit's limits: a name of 2,000 characters is refused with its message and writes nothing; the
            // typed name stays in the form.
            let before = try await server.rowCounts(household)
            let long = String(repeating: "L", count: 2_000)
            let refused = try await browser.post(add, try WebBrowserSession.form(in: page, action: add, [("name", long)]))
            #expect(refused.status == .unprocessableContent)
            #expect(WebAppTests.text(refused).contains("longer than 256 bytes"))
            #expect(WebAppTests.text(refused).contains("value=\"\(long)\""))
            // A location holding stock is not removed.
            let fridge = try #require(page.firstMatch(of: /data-location="([^"]+)">\n<p class="line"><bdi class="name">Fridge/).map { String($0.1) })
            let removeFridge = "/households/\(household)/locations/\(WebPaths.segment(fridge))/remove"
            let kept = try await browser.post(removeFridge, try WebBrowserSession.form(in: page, action: removeFridge))
            #expect(kept.status == .unprocessableContent)
            #expect(WebAppTests.text(kept).contains("still holds stock"))
            #expect(try await server.rowCounts(household) == before)

            let remove = "/households/\(household)/locations/\(WebPaths.segment(id))/remove"
            #expect(try await browser.post(remove, try WebBrowserSession.form(in: page, action: remove)).status == .seeOther)
            #expect(!WebAppTests.text(try await browser.get(setup)).contains("Chest freezer"))
        }
    }

    @Test func unitsAreDefinedWithTheirPluralAndRefusedPastTheKitsLimits() async throws {
        try await withSyncServer { server in
            let (household, _, browser, _) = try await WebAppTests.signedIn(server)
            let setup = "/households/\(household)/setup"
            let add = "/households/\(household)/units"
            var page = WebAppTests.text(try await browser.get(setup))
            let made = try await browser.post(
                add, try WebBrowserSession.form(in: page, action: add, [("name", "box"), ("plural", Self.hostileName)]))
            #expect(made.status == .seeOther)
            page = WebAppTests.text(try await browser.get(setup))
            #expect(page.contains("<bdi class=\"name\">box</bdi> (plural <bdi class=\"plural\">\(Self.hostileName)</bdi>)"))
            let before = try await server.rowCounts(household)
            let refused = try await browser.post(add, try WebBrowserSession.form(in: page, action: add, [("name", "  ")]))
            #expect(refused.status == .unprocessableContent)
            #expect(WebAppTests.text(refused).contains("empty"))
            #expect(try await server.rowCounts(household) == before)
        }
    }

    @Test func aConversionBetweenTwoUnitsIsDefinedAndOneToItselfIsRefused() async throws {
        try await withSyncServer { server in
            let (household, _, browser, _) = try await WebAppTests.signedIn(server)
            let setup = "/households/\(household)/setup"
            let units = "/households/\(household)/units"
            let conversions = "/households/\(household)/conversions"
            var page = WebAppTests.text(try await browser.get(setup))
            #expect(try await browser.post(units, try WebBrowserSession.form(in: page, action: units, [("name", "box")])).status == .seeOther)
            page = WebAppTests.text(try await browser.get(setup))
            let box = UnitID.derived(name: "box").rawValue
            let piece = UnitID.derived(name: "piece").rawValue
            #expect(page.contains("<option value=\"\(box)\" dir=\"auto\">box</option>"))
            let made = try await browser.post(conversions, try WebBrowserSession.form(
                in: page, action: conversions, [("from", box), ("factor", "6"), ("to", piece)]))
            #expect(made.status == .seeOther)
            page = WebAppTests.text(try await browser.get(setup))
            #expect(page.contains("1 <bdi>box</bdi> is 6 <bdi>pieces</bdi>"))
            let before = try await server.rowCounts(household)
            let refused = try await browser.post(conversions, try WebBrowserSession.form(
                in: page, action: conversions, [("from", box), ("factor", "2"), ("to", box)]))
            #expect(refused.status == .unprocessableContent)
            #expect(WebAppTests.text(refused).contains("two different units"))
            #expect(try await server.rowCounts(household) == before)
        }
    }
}
