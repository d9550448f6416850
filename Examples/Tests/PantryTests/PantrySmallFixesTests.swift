import ExamplesTestSupport
import Foundation
import Testing

/// The small surprises of issue 46, each fixed and kept fixed.
@Suite("pantry small fixes: help text, demo order, store kinds, join, calendar window, due words")
struct PantrySmallFixesTests {
    @Test("no command's help has runs of spaces mid-sentence (pantry help backup among them)")
    func helpWithoutRunsOfSpaces() throws {
        let folder = try newFolder()
        let dump = try PantryRun.run(["--experimental-dump-help"], in: folder)
        let tool = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        var texts: [String: String] = [:]
        func walk(_ command: [String: Any], _ path: String) {
            for key in ["abstract", "discussion"] { texts["\(path) \(key)"] = command[key] as? String }
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                texts["\(path) \(argument["valueName"] ?? "")"] = argument["abstract"] as? String
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub, "\(path) \(sub["commandName"] ?? "")") }
        }
        walk(try #require(tool["command"] as? [String: Any]), "pantry")
        #expect(texts.count > 100)
        let spaced = texts.filter { $0.value.contains("  ") }
        #expect(spaced.isEmpty, "\(spaced)")
        let backup = try PantryRun.run(["help", "backup"], in: folder)
        #expect(backup.output.contains("copied to PATH when it ends in .sqlite"), "\(backup.output)")
    }

    @Test("the demo's stock table is in due order, the same on every run")
    func demoTableInDueOrder() throws {
        func table() throws -> [String] {
            let folder = try newFolder()
            let run = try PantryRun.run(["demo", "--folder", folder.appendingPathComponent("tour").path], in: folder)
            #expect(run.status == 0, "\(run.error)")
            let lines = run.output.components(separatedBy: "\n")
            let start = try #require(lines.firstIndex { $0.contains("oldest-due first") })
            return Array(lines[(start + 3)...].prefix { !$0.isEmpty })
        }
        let first = try table()
        #expect(first.count == 4, "\(first)")
        let days = first.compactMap { $0.split(separator: " ").last.map(String.init) }
        #expect(days == days.sorted(), "\(first)")
        #expect(try table() == first)
    }

    @Test("a command that creates a store refuses a folder holding the other kind, and creates nothing beside it")
    func otherStoreKind() throws {
        let folder = try newFolder()
        #expect(try PantryRun.run(["product", "add", "--title", "Tea", "--path", "s"], in: folder).status == 0)
        let json = try PantryRun.run(["product", "add", "--title", "Tea", "--path", "s", "--store", "json"], in: folder)
        #expect(json.status == 2 && json.error.contains("holds a SQLite store: leave out --store json"), "\(json.error)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("s").path)
        #expect(names.allSatisfy { $0.hasPrefix("pantry.sqlite") }, "\(names)")
        #expect(try PantryRun.run(["product", "add", "--title", "Tea", "--path", "j", "--store", "json"], in: folder).status == 0)
        let sqlite = try PantryRun.run(["shopping-list", "add", "bread", "--path", "j"], in: folder)
        #expect(sqlite.status == 2 && sqlite.error.contains("holds a JSON store: add --store json"), "\(sqlite.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("j/pantry.sqlite").path))
    }

    @Test("household join with the server down leaves no store behind", arguments: ["sqlite", "json"])
    func joinWithServerDown(_ store: String) throws {
        let folder = try newFolder()
        let run = try PantryRun.run([
            "household", "join", "--path", "new", "--store", store, "--server", "http://127.0.0.1:1", "--token", "t",
            "--household", "123e4567-e89b-12d3-a456-426614174000",
        ], in: folder)
        #expect(run.status != 0 && run.error.contains("nothing was saved"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("new").path))
    }

    @Test("calendar --days 7 leaves out what is due months away; a product below its minimum is named by title")
    func calendarWindow() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        try PantryRun.run(["product", "add", "--barcode", "5012345670003", "--title", "Eggs"], in: folder)
        try PantryRun.run(["stock", "add", "4006381333931", "1", "--due", PantryReminderCommandTests.dayFromToday(3)], in: folder)
        try PantryRun.run(["stock", "add", "4006381333931", "1", "--due", PantryReminderCommandTests.dayFromToday(120)], in: folder)
        #expect(try PantryRun.run(["product", "settings", "5012345670003", "--minimum", "6"], in: folder).status == 0)
        let week = try PantryRun.run(["calendar", "--days", "7"], in: folder)
        let starts = week.output.components(separatedBy: "\r\n").filter { $0.hasPrefix("DTSTART") }
        let soon = PantryReminderCommandTests.dayFromToday(3).replacingOccurrences(of: "-", with: "")
        let far = PantryReminderCommandTests.dayFromToday(120).replacingOccurrences(of: "-", with: "")
        #expect(starts.contains { $0.hasSuffix(soon) } && !starts.contains { $0.hasSuffix(far) }, "\(starts)")
        #expect(week.output.hasSuffix("END:VCALENDAR\r\n"))
        #expect(week.output.contains("SUMMARY:Eggs: below minimum stock") && !week.output.contains("SUMMARY:5012345670003"))
        let year = try PantryRun.run(["calendar", "--days", "200"], in: folder)
        #expect(year.output.contains("DTSTART;VALUE=DATE:\(far)"))
        let due = try PantryRun.run(["due"], in: folder)
        #expect(due.output.contains("below minimum") && due.output.contains("Eggs") && !due.output.contains("belowMinimumStock"), "\(due.output)")
    }
}
