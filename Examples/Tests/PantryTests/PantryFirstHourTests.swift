import Foundation
import Testing

/// What a newcomer runs into first: every message names the option and the command the user typed, a usage error
/// is one line, and the hints the pantry prints work when followed.
@Suite("pantry: a newcomer's first commands")
struct PantryFirstHourTests {
    @Test("a usage error is one line on standard error naming the help to read, exit 64")
    func usageErrorsAreOneLine() throws {
        let folder = try newFolder()
        for arguments in [["stock", "add"], ["stock", "ad"], ["product", "show", "--nope"]] {
            let run = try PantryRun.run(arguments, in: folder)
            #expect(run.status == 64, "\(arguments)")
            let lines = run.error.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("Error: ") && lines[0].contains("--help'"), "\(arguments): \(run.error)")
            #expect(run.output.isEmpty, "\(arguments)")
        }
        #expect(try PantryRun.run(["--help"], in: folder).status == 0)
    }

    @Test("a negative amount is named as such, not as a missing argument")
    func negativeAmountsAreNamed() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        let run = try PantryRun.run(["stock", "add", "4006381333931", "-1"], in: folder)
        #expect(run.status == 64)
        #expect(run.error.contains("-1 is not an amount") && !run.error.contains("Missing expected argument"), "\(run.error)")
    }

    @Test("stock correct counts into the Pantry, as stock add books into it, when the product has no stock yet")
    func correctDefaultsToThePantry() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        let run = try PantryRun.run(["stock", "correct", "4006381333931", "3"], in: folder)
        #expect(run.status == 0, "\(run.error)")
        let list = try PantryRun.run(["stock", "list"], in: folder)
        #expect(list.output.split(separator: "\n").contains { $0.contains("Milk") && $0.contains("3") && $0.contains("Pantry") }, "\(list.output)")
        // With stock in the Fridge only, the extra of a higher count is there too: the Pantry is not assumed.
        let other = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: other)
        try PantryRun.run(["stock", "add", "4006381333931", "4", "--location", "Fridge"], in: other)
        let more = try PantryRun.run(["stock", "correct", "4006381333931", "5"], in: other)
        #expect(more.status == 0, "\(more.output)\(more.error)")
        let stock = try PantryRun.run(["stock", "list"], in: other)
        #expect(!stock.output.contains("Pantry") && stock.output.contains("1 piece"), "\(stock.output)")
    }

    @Test("stock correct without --location adds the extra at the product's default location; in several places without one it asks where")
    func correctHouseholdIncrease() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        try PantryRun.run(["stock", "add", "4006381333931", "2", "--location", "Fridge"], in: folder)
        try PantryRun.run(["stock", "add", "4006381333931", "1", "--location", "Pantry"], in: folder)
        let refused = try PantryRun.run(["stock", "correct", "4006381333931", "5"], in: folder)
        #expect(refused.status == 2 && refused.error.split(separator: "\n").count == 1, "\(refused.error)")
        #expect(refused.error.contains("Milk [4006381333931] is in Fridge, Pantry and has no default location"), "\(refused.error)")
        let lower = try PantryRun.run(["stock", "correct", "4006381333931", "2"], in: folder)
        #expect(lower.status == 0, "a lower household count needs no location: \(lower.error)")
        try PantryRun.run(["stock", "add", "4006381333931", "1", "--location", "Pantry"], in: folder)
        #expect(try PantryRun.run(["product", "settings", "4006381333931", "--location", "Freezer"], in: folder).status == 0)
        let counted = try PantryRun.run(["stock", "correct", "4006381333931", "5"], in: folder)
        #expect(counted.status == 0, "\(counted.error)")
        let freezer = try PantryRun.run(["stock", "list", "--location", "Freezer"], in: folder)
        #expect(freezer.output.contains("Milk") && freezer.output.contains("2 pieces"), "5 counted, 3 there: \(freezer.output)")
        let help = try PantryRun.run(["stock", "correct", "--help"], in: folder)
        #expect(help.output.contains("default location") && help.output.contains("several locations"), "\(help.output)")
    }

    @Test("a packaged-on day still to come is named as the option says it, not by a field name")
    func packagedDayErrorReadsWell() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        let run = try PantryRun.run(["stock", "add", "4006381333931", "1", "--packaged", "2099-01-01"], in: folder)
        #expect(run.status == 2)
        #expect(run.error.contains("packaged-on day") && !run.error.contains("packagedOn"), "\(run.error)")
    }

    @Test("household join with a household that is not a UUID says so, naming --household, not sync")
    func joinNamesTheBadHousehold() throws {
        let folder = try newFolder()
        let run = try PantryRun.run(
            ["household", "join", "--household", "not-a-uuid", "--server", "http://127.0.0.1:1", "--token", "x"], in: folder)
        #expect(run.status != 0)
        #expect(run.error.contains("--household") && run.error.contains("not-a-uuid is not a UUID"), "\(run.error)")
        #expect(!run.error.contains("sync --server"))
    }

    @Test("the demo on JSON stores ends with a hint that, followed as printed, lists the kitchen's stock")
    func demoHintWorksForJSONStores() throws {
        let folder = try newFolder()
        let tour = folder.appendingPathComponent("tour")
        let demo = try PantryRun.run(["demo", "--store", "json", "--folder", tour.path], in: folder)
        #expect(demo.status == 0, "\(demo.error)")
        let hint = try #require(demo.output.split(separator: "\n").last { $0.hasPrefix("Done. Try: pantry ") })
        let arguments = hint.dropFirst("Done. Try: pantry ".count).split(separator: " ").map(String.init)
        #expect(arguments.contains("--store") && arguments.contains("json"), "\(hint)")
        let list = try PantryRun.run(arguments, in: folder)
        #expect(list.status == 0 && list.output.split(separator: "\n").count > 2, "\(hint): \(list.output)")
        let kitchen = tour.appendingPathComponent("kitchen")
        #expect(!FileManager.default.fileExists(atPath: kitchen.appendingPathComponent("pantry.sqlite").path))
    }

    @Test("the demo without --folder leaves nothing in the temporary directory and says how to keep its stores")
    func demoLeavesNothingBehind() throws {
        let folder = try newFolder()
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let demo = try PantryRun.run(["demo"], in: folder, variables: ["TMPDIR": temporary.path])
        #expect(demo.status == 0, "\(demo.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
        #expect(demo.output.contains("--folder DIR"), "\(demo.output)")
    }

    @Test("id and calendar answer --json like every other command")
    func idAndCalendarTakeJSON() throws {
        let folder = try newFolder()
        let plain = try PantryRun.run(["id", "category", "Dairy"], in: folder)
        let json = try PantryRun.run(["id", "category", "Dairy", "--json"], in: folder)
        #expect(json.status == 0, "\(json.error)")
        struct ID: Decodable { var id: String }
        #expect(try JSONDecoder().decode(ID.self, from: Data(json.output.utf8)).id == plain.output.trimmingCharacters(in: .whitespacesAndNewlines))

        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        try PantryRun.run(["stock", "add", "4006381333931", "1", "--due", PantryReminderCommandTests.dayFromToday(3)], in: folder)
        let calendar = try PantryRun.run(["calendar", "--json"], in: folder)
        struct Feed: Decodable { var format: String; var calendar: String }
        let feed = try JSONDecoder().decode(Feed.self, from: Data(calendar.output.utf8))
        #expect(feed.format == "text/calendar" && feed.calendar.hasPrefix("BEGIN:VCALENDAR") && feed.calendar.contains("Milk"))
    }

    @Test("backup answers --json with where the copy went and how to open it")
    func backupTakesJSON() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        let run = try PantryRun.run(["backup", "copy", "--json"], in: folder)
        #expect(run.status == 0, "\(run.error)")
        struct Answer: Decodable { var backup: String; var open: String }
        let answer = try JSONDecoder().decode(Answer.self, from: Data(run.output.utf8))
        #expect(answer.backup.hasSuffix("copy/pantry.sqlite") && answer.open == "--path copy")
        let list = try PantryRun.run(["product", "list"] + answer.open.split(separator: " ").map(String.init), in: folder)
        #expect(list.status == 0 && list.output.contains("Milk"), "\(list.output)\(list.error)")
    }
}
