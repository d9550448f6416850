import ExamplesTestSupport
import Foundation
import Testing

/// `pantry location add|rename|remove|list`, run as a user would.
@Suite("pantry location: a household sets up its own storage locations")
struct PantryLocationTests {
    @Test("an added location takes stock, keeps it under its new name, and lists with its lot count")
    func addRenameList() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        let added = try PantryRun.run(["location", "add", "Attic"], in: folder)
        #expect(added.status == 0 && added.output.contains("added location Attic"), "\(added.error)")
        let again = try PantryRun.run(["location", "add", " attic "], in: folder)
        #expect(again.status == 2 && again.error.contains("location Attic already exists"), "\(again.error)")
        let booked = try PantryRun.run(["stock", "add", "4006381333931", "2", "--location", "attic"], in: folder)
        #expect(booked.status == 0, "\(booked.error)")
        let renamed = try PantryRun.run(["location", "rename", "Attic", "Loft"], in: folder)
        #expect(renamed.status == 0 && renamed.output.contains("renamed location Attic to Loft"), "\(renamed.error)")
        let stock = try PantryRun.run(["stock", "list", "--location", "Loft"], in: folder)
        #expect(stock.output.contains("Milk") && stock.output.contains("Loft"), "\(stock.output)")
        let taken = try PantryRun.run(["location", "rename", "Loft", "fridge"], in: folder)
        #expect(taken.status == 2 && taken.error.contains("location Fridge already exists"), "\(taken.error)")
        let list = try PantryRun.run(["location", "list"], in: folder)
        #expect(list.status == 0 && list.output.contains("Loft") && !list.output.contains("Attic"), "\(list.output)")
        let loftLine = list.output.split(separator: "\n").first { $0.hasPrefix("Loft") }
        #expect(loftLine?.hasSuffix("1") == true, "one lot in the Loft: \(list.output)")
    }

    @Test("location list --json prints an object of locations with locationId, name, freezer, parent and lots")
    func listJSON() throws {
        let folder = try newFolder()
        #expect(try PantryRun.run(["location", "add", "Cellar"], in: folder).status == 0)
        #expect(try PantryRun.run(["location", "add", "Chest freezer", "--freezer", "--parent", "Cellar"], in: folder).status == 0)
        let list = try PantryRun.run(["location", "list", "--json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [String: Any])
        let rows = try #require(object["locations"] as? [[String: Any]])
        #expect(rows.map { $0["name"] as? String } == ["Cellar", "Chest freezer", "Freezer", "Fridge", "Pantry"])
        let cellar = try #require(rows.first { $0["name"] as? String == "Cellar" })
        let chest = try #require(rows.first { $0["name"] as? String == "Chest freezer" })
        #expect(chest["isFreezer"] as? Bool == true && chest["parentLocationId"] as? String == cellar["locationId"] as? String)
        #expect(chest["lots"] as? Int == 0)
    }

    @Test("removing a location that holds stock is refused naming it and its products; an empty one goes and stays gone")
    func remove() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        #expect(try PantryRun.run(["stock", "add", "4006381333931", "2", "--location", "Fridge"], in: folder).status == 0)
        let refused = try PantryRun.run(["location", "remove", "fridge"], in: folder)
        #expect(refused.status == 2 && refused.error.split(separator: "\n").count == 1, "\(refused.error)")
        #expect(refused.error.contains("location Fridge still holds stock (Milk 2 pieces [4006381333931])"), "\(refused.error)")
        let removed = try PantryRun.run(["location", "remove", "Freezer"], in: folder)
        #expect(removed.status == 0 && removed.output.contains("removed location Freezer"), "\(removed.error)")
        // A later booking does not bring the default location back.
        #expect(try PantryRun.run(["stock", "add", "4006381333931", "1"], in: folder).status == 0)
        let list = try PantryRun.run(["location", "list"], in: folder)
        #expect(!list.output.contains("Freezer") && list.output.contains("Fridge"), "\(list.output)")
        let unknown = try PantryRun.run(["location", "remove", "Garage"], in: folder)
        #expect(unknown.status == 2 && unknown.error.contains("no location Garage"), "\(unknown.error)")
    }
}
