import ExamplesTestSupport
import Foundation
import Testing

/// Two pantries change one product before syncing through the server: every field either set survives, the field
/// both set goes to the later change, and `pantry sync` and `pantry conflicts` say what was kept and set aside.
@Suite(
    "Concurrent product edits through the server keep every field and say what was decided", .serialized,
    .enabled(if: SyncServerFixture.postgresInstalled, SyncServerFixture.skipReason))
struct PantryConflictTests {
    @Test("the walkthrough's brand case: the kitchen's brand survives the phone's later title, and sync says so")
    func walkthroughBrandCase() throws {
        let server = try SyncServerFixture.shared()
        let household = try server.household(devices: 2)
        let kitchen = try PantryDevice.make(store: "sqlite", server: server, household: household, device: 0)
        let phone = try PantryDevice.make(store: "json", server: server, household: household, device: 1)
        defer { for device in [kitchen, phone] { try? FileManager.default.removeItem(at: device.folder) } }
        #expect(try kitchen.sync().status == 0 && phone.sync().status == 0)
        try kitchen.expectSuccess(["product", "add", "--barcode", "4006381333931", "--title", "Milk"])
        #expect(try kitchen.sync().status == 0 && phone.sync().status == 0)

        try kitchen.expectSuccess(["product", "edit", "4006381333931", "--title", "Milk 3.5%", "--brand", "Weihenstephan"])
        try phone.expectSuccess(["product", "edit", "4006381333931", "--title", "Organic milk"])
        #expect(try kitchen.sync().status == 0)
        let merged = try phone.sync()
        #expect(merged.status == 0, "\(merged.error)")
        #expect(merged.output.contains("conflicts 1 (fields: 1 kept, 1 replaced)"), "\(merged.output)")
        #expect(merged.output.contains("brand: kept 'Weihenstephan' ("), "\(merged.output)")
        #expect(merged.output.contains("title: 'Organic milk' (") && merged.output.contains("later) replaced 'Milk 3.5%' ("), "\(merged.output)")
        #expect(try kitchen.sync().status == 0)

        for device in [kitchen, phone] {
            let shown = try device.expectSuccess(["product", "show", "4006381333931", "--json"])
            #expect(shown.contains("\"title\" : \"Organic milk\"") && shown.contains("\"brand\" : \"Weihenstephan\""), "\(shown)")
        }
        let listed = try phone.expectSuccess(["conflicts", "--json"])
        let lines = (try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [String: Any])?["conflicts"] as? [[String: Any]] ?? []
        let byField = Dictionary(uniqueKeysWithValues: lines.compactMap { line in (line["field"] as? String).map { ($0, line) } })
        #expect(byField["title"]?["kind"] as? String == "replaced" && byField["title"]?["discarded"] as? String == "Milk 3.5%", "\(listed)")
        #expect(byField["brand"]?["kind"] as? String == "kept" && byField["brand"]?["kept"] as? String == "Weihenstephan", "\(listed)")
        #expect(try kitchen.expectSuccess(["conflicts"]).contains("no conflicts"), "the kitchen synced first: it decided nothing")
    }
}
