import ExamplesTestSupport
import Foundation
import Testing

/// `pantry shopping-list add|remove|check`, run as a user would.
@Suite("pantry shopping-list: put items on the list and take them off")
struct PantryShoppingListTests {
    @Test("items are checked off or removed by their note, product or listed id, and stay off")
    func takeOff() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        #expect(try PantryRun.run(["shopping-list", "--add", "bread"], in: folder).status == 0)
        let milk = try PantryRun.run(["shopping-list", "add", "4006381333931", "--amount", "2"], in: folder)
        #expect(milk.status == 0 && milk.output.contains("Milk [4006381333931]  2 pieces"), "\(milk.output)\(milk.error)")
        let candles = try PantryRun.run(["shopping-list", "add", "Birthday candles"], in: folder)
        let id = try #require(candles.output.split(separator: "\n").first { $0.contains("Birthday candles") }?.split(separator: " ").first)
        let checked = try PantryRun.run(["shopping-list", "check", "BREAD"], in: folder)
        #expect(checked.status == 0 && checked.output.contains("checked off bread"), "\(checked.error)")
        let removed = try PantryRun.run(["shopping-list", "remove", "milk"], in: folder)
        #expect(removed.status == 0 && removed.output.contains("removed Milk [4006381333931]"), "\(removed.error)")
        let byID = try PantryRun.run(["shopping-list", "remove", String(id), "--json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(byID.output.utf8)) as? [String: Any])
        #expect(object["item"] as? String == "Birthday candles" && (object["itemId"] as? String)?.hasPrefix(String(id)) == true)
        let list = try PantryRun.run(["shopping-list", "--json"], in: folder)
        #expect(list.status == 0 && !list.output.contains("bread") && !list.output.contains("Birthday"), "\(list.output)")
        let gone = try PantryRun.run(["shopping-list", "check", "bread"], in: folder)
        #expect(gone.status == 2 && gone.error.contains("no item bread on the shopping list"), "\(gone.error)")
    }

    @Test("a product below its minimum is not removed by hand: the message says to buy it or lower the minimum")
    func belowMinimumStays() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        #expect(try PantryRun.run(["product", "settings", "4006381333931", "--minimum", "1"], in: folder).status == 0)
        let list = try PantryRun.run(["shopping-list"], in: folder)
        #expect(list.output.contains("Milk [4006381333931] (below its minimum)"), "\(list.output)")
        let refused = try PantryRun.run(["shopping-list", "remove", "Milk"], in: folder)
        #expect(refused.status == 2 && refused.error.contains("below its minimum") && refused.error.split(separator: "\n").count == 1)
    }

    @Test("two items with the same note are told apart by id")
    func ambiguous() throws {
        let folder = try newFolder()
        #expect(try PantryRun.run(["shopping-list", "add", "bread"], in: folder).status == 0)
        #expect(try PantryRun.run(["shopping-list", "add", "Bread"], in: folder).status == 0)
        let run = try PantryRun.run(["shopping-list", "remove", "bread"], in: folder)
        #expect(run.status == 2 && run.error.contains("2 items on the shopping list match bread: give its id"), "\(run.error)")
    }
}
