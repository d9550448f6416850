import ExamplesTestSupport
import Foundation
import SyncWire
import Testing

/// `pantry product settings`, run as a user would.
@Suite("pantry product settings: minimum stock, default location, unit and due days")
struct PantryProductSettingsTests {
    @Test("a product below its minimum reaches the shopping list by hand, and a purchase takes its default location")
    func belowMinimumByHand() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        let set = try PantryRun.run(
            ["product", "settings", "4006381333931", "--minimum", "2", "--location", "fridge", "--due-days", "7"], in: folder)
        #expect(set.status == 0 && set.output.contains("settings of Milk [4006381333931] saved"), "\(set.error)")
        #expect(set.output.contains("Fridge") && set.output.contains("2 pieces") && set.output.contains("7"), "\(set.output)")
        #expect(try PantryRun.run(["stock", "add", "4006381333931", "1"], in: folder).status == 0)
        let fridge = try PantryRun.run(["stock", "list", "--location", "Fridge", "--json"], in: folder)
        let lots = try JSONDecoder().decode(StockView.self, from: Data(fridge.output.utf8)).locations
            .flatMap(\.products).flatMap(\.lots)
        let due = Calendar(identifier: .gregorian).date(byAdding: .day, value: 7, to: Date()).map {
            ISO8601DateFormatter().string(from: $0).prefix(10)
        }
        #expect(lots.count == 1 && lots.first?.dueDate.map { $0.prefix(7) } == due.map { $0.prefix(7) }, "\(fridge.output)")
        let list = try PantryRun.run(["shopping-list", "--json"], in: folder)
        let rows = try JSONDecoder().decode(ShoppingListView.self, from: Data(list.output.utf8)).entries
        #expect(rows.count == 1 && rows.first?.missingAmount?.description == "1", "one more to reach the minimum: \(list.output)")
        #expect(try PantryRun.run(["stock", "add", "4006381333931", "1"], in: folder).status == 0)
        let enough = try PantryRun.run(["shopping-list", "--json"], in: folder)
        #expect(try JSONDecoder().decode(ShoppingListView.self, from: Data(enough.output.utf8)).entries.isEmpty, "\(enough.output)")
    }

    @Test("settings without an option show the current ones; --json is an object with ids, names and the minimum as a string")
    func showAndJSON() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Flour"], in: folder)
        #expect(try PantryRun.run(["unit", "add", "kg"], in: folder).status == 0)
        let set = try PantryRun.run(["product", "settings", "4006381333931", "--unit", "kg", "--minimum", "0.5", "--due-days", "never"], in: folder)
        #expect(set.status == 0, "\(set.error)")
        let shown = try PantryRun.run(["product", "settings", "4006381333931"], in: folder)
        #expect(shown.status == 0 && shown.output.contains("0.5 kg") && shown.output.contains("never expires"), "\(shown.output)")
        #expect(!shown.output.contains("saved"))
        // An option given later replaces that setting only.
        #expect(try PantryRun.run(["product", "settings", "4006381333931", "--location", "Pantry"], in: folder).status == 0)
        let json = try PantryRun.run(["product", "settings", "4006381333931", "--json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let settings = try #require(object["settings"] as? [String: Any])
        #expect(settings["minimumStock"] as? String == "0.5" && settings["stockUnit"] as? String == "kg")
        #expect(settings["defaultLocation"] as? String == "Pantry" && settings["defaultLocationId"] is String)
        #expect(settings["neverExpires"] as? Bool == true && settings["productId"] is String)
        #expect(try PantryRun.run(["stock", "add", "4006381333931", "2"], in: folder).status == 0)
        let list = try PantryRun.run(["stock", "list"], in: folder)
        #expect(list.output.contains("2 kg"), "a purchase without --unit takes the stock unit: \(list.output)")
    }

    @Test("a product whose due kind is expiry has its past-due lots listed as expired, not overdue")
    func expiryKind() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        try PantryRun.run(["product", "add", "--barcode", "5012345670003", "--title", "Eggs"], in: folder)
        let set = try PantryRun.run(["product", "settings", "4006381333931", "--due-kind", "expiry"], in: folder)
        #expect(set.status == 0 && set.output.contains("expiry"), "\(set.output) \(set.error)")
        let past = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-3 * 86_400)).prefix(10)
        #expect(try PantryRun.run(["stock", "add", "4006381333931", "1", "--due", String(past)], in: folder).status == 0)
        #expect(try PantryRun.run(["stock", "add", "5012345670003", "1", "--due", String(past)], in: folder).status == 0)
        let due = try PantryRun.run(["due", "--json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(due.output.utf8)) as? [String: Any])
        let rows = try #require(object["reminders"] as? [[String: Any]])
        let kinds = Dictionary(rows.compactMap { row in (row["title"] as? String).map { ($0, row["kind"] as? String) } }) { first, _ in first }
        #expect(kinds["Milk"] == "expired" && kinds["Eggs"] == "overdue", "\(due.output)")
        let json = try PantryRun.run(["product", "settings", "4006381333931", "--json"], in: folder)
        #expect(json.output.contains(#""dueKind" : "expiry""#) || json.output.contains(#""dueKind":"expiry""#), "\(json.output)")
    }

    @Test("a negative minimum, an unknown location or unit, or a bad day count is refused in one line", arguments: [
        ["--minimum=-1"], ["--location", "Attic"], ["--unit", "cup"], ["--due-days", "soon"], ["--due-kind", "use-by-ish"],
    ])
    func refusals(_ option: [String]) throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        let run = try PantryRun.run(["product", "settings", "4006381333931"] + option, in: folder)
        #expect(run.status == 2 && run.error.split(separator: "\n").count == 1, "\(run.error)")
    }
}
