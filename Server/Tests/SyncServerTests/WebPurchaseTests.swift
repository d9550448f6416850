import Foundation
import HTTPTypes
import HummingbirdTesting
import InventoryModule
import Testing
import ThrowawayPostgres

@testable import SyncServer

/// Recording a purchase from the web: a product of the household's catalog found by title or barcode, its form
/// filled in from the product's settings, booked as the kit's `purchase`; what the kit or the form refuses writes
/// nothing.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct WebPurchaseTests {
    static let barcode = "4006381333931"

    @Test func aProductIsFoundByBarcodeOrTitleAndNothingFoundIsSaid() async throws {
        try await withSyncServer { server in
            let (household, _, browser, _) = try await WebAppTests.signedIn(server, title: "Oat \u{202E}milk")
            let search = "/households/\(household)/purchase"
            for query in [Self.barcode, "oat", "MILK"] {
                let page = WebAppTests.text(try await browser.get("\(search)?q=\(WebBrowserSession.encode(query))"))
                #expect(page.contains("data-product=\"\(Self.barcode)\""), "\(query) finds the product")
                #expect(page.contains("<bdi>Oat \u{202E}milk</bdi>"))
            }
            let nothing = WebAppTests.text(try await browser.get("\(search)?q=50%25_off"))
            #expect(nothing.contains("id=\"nothing-found\""))
            #expect(!nothing.contains("data-product="))
        }
    }

    @Test func aPurchaseStartsFromTheProductsSettingsAndLandsAsALot() async throws {
        try await withSyncServer { server in
            let (household, _, browser, _) = try await WebAppTests.signedIn(server)
            let search = "/households/\(household)/purchase?q=\(Self.barcode)"
            let record = "/households/\(household)/purchases"
            let page = WebAppTests.text(try await browser.get(search))
            // The device set the product's unit to piece: the form starts with it.
            let piece = UnitID.derived(name: "piece").rawValue
            #expect(page.contains("<option value=\"\(piece)\" dir=\"auto\" selected>piece</option>"))
            let fridge = try #require(page.firstMatch(of: /<option value="([^"]+)" dir="auto">Fridge<\/option>/).map { String($0.1) })
            let productPath = "/households/\(household)/products/\(Self.barcode)"
            let lotsBefore = WebAppTests.lotIDs(WebAppTests.text(try await browser.get(productPath)))

            let before = try await server.rowCounts(household)
            let fields = try WebBrowserSession.form(in: page, action: record)
            for (overrides, says) in [
                ([("amount", "6"), ("unit", piece), ("location", fridge), ("due", "soon")], "not a date"),
                ([("amount", "six"), ("unit", piece), ("location", fridge)], "not an amount"),
                ([("product", "4000000000006"), ("amount", "6"), ("unit", piece), ("location", fridge)], "is not in the household"),
            ] {
                var sent = fields
                for (name, value) in overrides {
                    sent.removeAll { $0.0 == name }
                    sent.append((name, value))
                }
                let refused = try await browser.post(record, sent)
                #expect(refused.status == .unprocessableContent, "\(overrides)")
                #expect(WebAppTests.text(refused).contains(says), "\(overrides) says \(says)")
            }
            #expect(try await server.rowCounts(household) == before)

            let booked = try await browser.post(
                record, fields + [("amount", "6"), ("unit", piece), ("location", fridge), ("due", "2026-12-24")])
            #expect(booked.status == .seeOther)
            #expect(booked.headers[.location] == productPath)
            let after = WebAppTests.text(try await browser.get(productPath))
            #expect(WebAppTests.lotIDs(after).count == lotsBefore.count + 1)
            #expect(after.contains("2026-12-24"))
            // Amount to open on the new lot of six starts at one.
            #expect(after.contains("maxlength=\"40\" value=\"1\">"))
        }
    }

    @Test(arguments: [("2026-12-24", true), ("2026-02-30", false), ("24.12.2026", false), ("2026-1-2", false)])
    func datesAreReadAsADateInputSendsThem(text: String, valid: Bool) {
        #expect((WebRoutes<SyncRequestContext>.day(text) != nil) == valid)
    }
}
