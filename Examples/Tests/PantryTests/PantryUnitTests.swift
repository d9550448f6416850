import ExamplesTestSupport
import Foundation
import Testing

/// `pantry unit add|list|conversion` and `--unit` wherever an amount is given, run as a user would.
@Suite("pantry unit: units, conversions and amounts in any unit")
struct PantryUnitTests {
    @Test("a kilogram bought and 250 g consumed leave 0.75 kg; move, open and correct take --unit too")
    func amountsInAnyUnit() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Flour"], in: folder)
        #expect(try PantryRun.run(["unit", "add", "kg"], in: folder).status == 0)
        let gram = try PantryRun.run(["unit", "add", "g", "--plural", "g"], in: folder)
        #expect(gram.status == 0 && gram.output.contains("added unit g"), "\(gram.error)")
        let conversion = try PantryRun.run(["unit", "conversion", "kg", "g", "1000"], in: folder)
        #expect(conversion.status == 0 && conversion.output.contains("defined 1 kg = 1000 g"), "\(conversion.error)")
        let bought = try PantryRun.run(["stock", "add", "4006381333931", "1", "--unit", "kg"], in: folder)
        #expect(bought.status == 0, "\(bought.error)")
        let used = try PantryRun.run(["stock", "consume", "4006381333931", "250", "--unit", "g"], in: folder)
        #expect(used.status == 0, "\(used.error)")
        let list = try PantryRun.run(["stock", "list"], in: folder)
        #expect(list.output.contains("0.75 kg"), "\(list.output)")
        #expect(try PantryRun.run(["stock", "open", "4006381333931", "100", "--unit", "g"], in: folder).status == 0)
        let moved = try PantryRun.run(["stock", "move", "4006381333931", "0.1", "--unit", "kg", "--to", "Fridge"], in: folder)
        #expect(moved.status == 0, "\(moved.error)")
        let counted = try PantryRun.run(["stock", "correct", "4006381333931", "500", "--unit", "g", "--location", "Pantry"], in: folder)
        #expect(counted.status == 0, "\(counted.error)")
        let unknown = try PantryRun.run(["stock", "add", "4006381333931", "1", "--unit", "cup"], in: folder)
        #expect(unknown.status == 2 && unknown.error.contains("no unit cup; known units: g, kg, piece"), "\(unknown.error)")
    }

    @Test("unit list --json prints an object of units and conversions, the factor an exact decimal string")
    func listJSON() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Eggs"], in: folder)
        #expect(try PantryRun.run(["unit", "add", "pack", "--plural", "packs"], in: folder).status == 0)
        let perProduct = try PantryRun.run(["unit", "conversion", "pack", "piece", "6", "--product", "4006381333931"], in: folder)
        #expect(perProduct.output.contains("defined 1 pack = 6 pieces for Eggs [4006381333931]"), "\(perProduct.output)\(perProduct.error)")
        let list = try PantryRun.run(["unit", "list", "--json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [String: Any])
        let units = try #require(object["units"] as? [[String: Any]])
        #expect(units.map { $0["name"] as? String } == ["pack", "piece"])
        #expect(units.first?["pluralName"] as? String == "packs" && units.first?["unitId"] is String)
        let conversions = try #require(object["conversions"] as? [[String: Any]])
        #expect(conversions.count == 1 && conversions.first?["factor"] as? String == "6")
        #expect(conversions.first?["from"] as? String == "pack" && conversions.first?["productId"] as? String != nil)
        let table = try PantryRun.run(["unit", "list"], in: folder)
        #expect(table.output.contains("1 pack = 6 pieces") && table.output.contains("Eggs [4006381333931]"), "\(table.output)")
    }

    @Test("a unit is added once, and a conversion that is zero or closes a cycle is refused in one line")
    func refusals() throws {
        let folder = try newFolder()
        #expect(try PantryRun.run(["unit", "add", "kg"], in: folder).status == 0)
        let twice = try PantryRun.run(["unit", "add", "KG"], in: folder)
        #expect(twice.status == 2 && twice.error.contains("unit kg already exists"), "\(twice.error)")
        #expect(try PantryRun.run(["unit", "add", "g"], in: folder).status == 0)
        let zero = try PantryRun.run(["unit", "conversion", "kg", "g", "0"], in: folder)
        #expect(zero.status == 2 && zero.error.split(separator: "\n").count == 1, "\(zero.error)")
        #expect(try PantryRun.run(["unit", "conversion", "kg", "g", "1000"], in: folder).status == 0)
        #expect(try PantryRun.run(["unit", "conversion", "g", "piece", "1"], in: folder).status == 0)
        let cycle = try PantryRun.run(["unit", "conversion", "piece", "kg", "2"], in: folder)
        #expect(cycle.status == 2 && cycle.error.split(separator: "\n").count == 1, "\(cycle.error)")
    }
}
