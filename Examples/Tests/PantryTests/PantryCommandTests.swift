import ExamplesTestSupport
import Foundation
import SyncWire
import Testing

/// Runs the built `pantry` executable, as a user would, and returns its exit status and output.
struct PantryRun {
    var status: Int32
    var output: String
    var error: String

    static func executable() throws -> URL {
        var candidates: [URL] = []
        for start in [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])] {
            var folder = start
            for _ in 0..<4 {
                candidates.append(folder.appendingPathComponent("pantry"))
                folder = folder.deletingLastPathComponent()
            }
        }
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) && !$0.hasDirectoryPath }
        return try #require(found, "pantry was not built next to the tests")
    }

    /// Runs pantry in `folder`, with `variables` added to (or replacing) the test process's environment.
    @discardableResult
    static func run(_ arguments: [String], in folder: URL, variables: [String: String] = [:]) throws -> PantryRun {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["PANTRY_HOME"] = folder.appendingPathComponent("home").path
        environment.merge(variables) { _, given in given }
        environment["SWIFT_BACKTRACE"] = "enable=no"  // a crash must fail the test, not hang it (see CrashSafetyTests)
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return PantryRun(
            status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
            error: String(decoding: errData, as: UTF8.self))
    }
}

func newFolder() throws -> URL {
    try TestFolder.make("pantry")
}

@Suite("pantry: every command, run as a user would")
struct PantryCommandTests {
    @Test("products: add, show by any barcode spelling, list with filters and cursor pages")
    func products() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk", "--brand", "Acme"], in: folder)
        try PantryRun.run(["product", "add", "--barcode", "0 12345 67890 5", "--title", "Oat milk", "--brand", "Oaty"], in: folder)
        try PantryRun.run(["product", "add", "--title", "Apples"], in: folder)
        let show = try PantryRun.run(["product", "show", "400-6381-33393-1"], in: folder)
        #expect(show.status == 0 && show.output.contains("Milk") && show.output.contains("pending upsert"))
        let list = try PantryRun.run(["product", "list", "--search", "milk", "--limit", "1"], in: folder)
        #expect(list.status == 0 && list.output.contains("Milk") && !list.output.contains("Oat milk"))
        let cursor = try #require(list.output.components(separatedBy: "--after ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        let second = try PantryRun.run(["product", "list", "--search", "milk", "--limit", "1", "--after", cursor], in: folder)
        #expect(second.output.contains("Oat milk"))
        let byBrand = try PantryRun.run(["product", "list", "--brand", "ACME", "--json"], in: folder)
        #expect(byBrand.output.contains("\"4006381333931\"") && !byBrand.output.contains("Oat"))
        let missing = try PantryRun.run(["product", "show", "4006381333932"], in: folder)
        #expect(missing.status != 0 && missing.error.split(separator: "\n").count == 1)
    }

    @Test("categories: one record per meaning whatever the spelling, waiting to sync; an empty name is refused", arguments: ["sqlite", "json"])
    func categories(_ store: String) throws {
        let folder = try newFolder()
        let added = try PantryRun.run(["category", "add", "Frozen Food", "--store", store, "--json"], in: folder)
        #expect(added.status == 0 && added.output.contains("\"created\" : true"), "\(added.error)")
        let found = try PantryRun.run(["category", "add", "  frozen   FOOD ", "--store", store], in: folder)
        #expect(found.status == 0 && found.output.contains("found Frozen Food (also: frozen   FOOD)"), "\(found.output) \(found.error)")
        let list = try PantryRun.run(["category", "list", "--store", store, "--json"], in: folder)
        let object = try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [String: Any]
        let rows = try #require(object?["categories"] as? [[String: Any]])
        #expect(object?["version"] as? Int == 1)
        #expect(rows.count == 1 && rows.first?["name"] as? String == "Frozen Food" && rows.first?["key"] as? String == "frozen food")
        let status = try PantryRun.run(["status", "--store", store, "--json"], in: folder)
        #expect(status.output.contains("\"categories\" : {\n    \"pending\" : 2"), "the creation and the alias wait: \(status.output)")
        let empty = try PantryRun.run(["category", "add", "   ", "--store", store], in: folder)
        #expect(empty.status == 2 && empty.error.split(separator: "\n").count == 1, "\(empty.error)")
    }

    @Test("stock: add, consume, open, move, correct, list with --location and --expiring, undo")
    func stock() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        let today = ISO8601DateFormatter().string(from: Date().addingTimeInterval(3 * 86_400)).prefix(10)
        let added = try PantryRun.run(["stock", "add", "4006381333931", "3", "--location", "fridge", "--due", String(today)], in: folder)
        #expect(added.status == 0 && added.output.contains("booked transaction"))
        let keyed = try PantryRun.run(["stock", "add", "4006381333931", "1", "--location", "Pantry", "--key", "scan-1"], in: folder)
        let replay = try PantryRun.run(["stock", "add", "4006381333931", "1", "--location", "Pantry", "--key", "scan-1"], in: folder)
        #expect(keyed.output.contains("booked") && replay.output.contains("already booked"))
        #expect(try PantryRun.run(["stock", "consume", "4006381333931", "0.5"], in: folder).status == 0)
        #expect(try PantryRun.run(["stock", "open", "4006381333931", "1"], in: folder).status == 0)
        #expect(try PantryRun.run(["stock", "move", "4006381333931", "1", "--from", "Pantry", "--to", "Freezer"], in: folder).status == 0)
        let fridge = try PantryRun.run(["stock", "list", "--location", "Fridge"], in: folder)
        #expect(fridge.output.contains("Milk") && !fridge.output.contains("Freezer"))
        let soon = try PantryRun.run(["stock", "list", "--expiring", "7d"], in: folder)
        #expect(soon.output.contains("Fridge"))
        let corrected = try PantryRun.run(["stock", "correct", "4006381333931", "10", "--location", "Fridge", "--json"], in: folder)
        #expect(corrected.status == 0 && corrected.output.contains("\"transactionId\""))
        let list = try PantryRun.run(["stock", "list", "--json"], in: folder)
        let view = try JSONDecoder().decode(StockView.self, from: Data(list.output.utf8))
        #expect(view.locations.flatMap(\.products).contains { $0.title == "Milk" && $0.lots.allSatisfy { $0.amount.value > 0 } })
        let over = try PantryRun.run(["stock", "consume", "4006381333931", "1000"], in: folder)
        #expect(over.status != 0 && over.error.contains("only") && over.error.split(separator: "\n").count == 1)
        let transaction = try #require(corrected.output.split(separator: "\"").dropFirst(7).first.map(String.init))
        let undone = try PantryRun.run(["undo", transaction], in: folder)
        #expect(undone.status == 0, "undo printed \(undone.error)")
    }

    @Test("stock add --packaged records the packaged-on day, which list shows; a day still to come is refused")
    func packaged() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        let day = PantryReminderCommandTests.dayFromToday(-2)
        let added = try PantryRun.run(["stock", "add", "4006381333931", "1", "--packaged", day], in: folder)
        #expect(added.status == 0, "\(added.error)")
        let table = try PantryRun.run(["stock", "list"], in: folder)
        #expect(table.output.contains("packaged") && table.output.contains(day), "\(table.output)")
        let json = try PantryRun.run(["stock", "list", "--json"], in: folder)
        #expect(json.output.contains("\"packagedOn\" : \"\(day)\""), "\(json.output)")
        let future = try PantryRun.run(["stock", "add", "4006381333931", "1", "--packaged", PantryReminderCommandTests.dayFromToday(3)], in: folder)
        #expect(future.status != 0 && future.error.split(separator: "\n").count == 1, "\(future.error)")
        #expect(try PantryRun.run(["stock", "add", "4006381333931", "1", "--packaged", "2026-02-30"], in: folder).status != 0)
    }

    @Test("shopping list, deterministic ids, and sync between two pantries through a shared store")
    func shoppingIdsAndSync() throws {
        let folder = try newFolder()
        let list = try PantryRun.run(["shopping-list", "--add", "bread"], in: folder)
        #expect(list.output.contains("bread"))
        let id = try PantryRun.run(["id", "manufacturer", "Apple Computer"], in: folder)
        #expect(id.output.trimmingCharacters(in: .whitespacesAndNewlines) == "f21e6e0c-de96-52f9-86e3-7c122cff3a48")
        let semantic = try PantryRun.run(["id", "manufacturer", " apple   COMPUTER ", "--semantic"], in: folder)
        let plain = try PantryRun.run(["id", "manufacturer", "apple computer", "--semantic"], in: folder)
        #expect(semantic.output == plain.output)
        #expect(try PantryRun.run(["id", "nowhere", "x"], in: folder).status != 0)

        try PantryRun.run(["product", "add", "--path", "a", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        try PantryRun.run(["stock", "add", "--path", "a", "4006381333931", "2", "--location", "Fridge"], in: folder)
        let first = try PantryRun.run(["sync", "--path", "a", "--remote", "shared"], in: folder)
        #expect(first.output.contains("products: pushed 1"))
        try PantryRun.run(["sync", "--path", "b", "--remote", "shared"], in: folder)
        let onB = try PantryRun.run(["stock", "list", "--path", "b"], in: folder)
        #expect(onB.output.contains("Milk") && onB.output.contains("2"))
        try PantryRun.run(["stock", "consume", "--path", "b", "4006381333931", "1"], in: folder)
        try PantryRun.run(["sync", "--path", "b", "--remote", "shared"], in: folder)
        try PantryRun.run(["sync", "--path", "a", "--remote", "shared"], in: folder)
        let onA = try PantryRun.run(["stock", "list", "--path", "a", "--json"], in: folder)
        #expect(onA.output.contains("\"amount\" : \"1\""), "\(onA.output)")
    }
}

@Suite("pantry on the JSON-file store")
struct PantryJSONStoreTests {
    @Test("--store json keeps products and stock in a folder of JSON files, and syncs with a SQLite pantry")
    func jsonStore() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--store", "json", "--path", "j", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        try PantryRun.run(["stock", "add", "--store", "json", "--path", "j", "4006381333931", "2", "--location", "Fridge"], in: folder)
        let list = try PantryRun.run(["stock", "list", "--store", "json", "--path", "j"], in: folder)
        #expect(list.output.contains("Milk") && list.output.contains("Fridge"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("j/domain/metadata/products").path))
        try PantryRun.run(["sync", "--store", "json", "--path", "j", "--remote", "shared.sqlite"], in: folder)
        try PantryRun.run(["sync", "--path", "s", "--remote", "shared.sqlite"], in: folder)
        let onSQLite = try PantryRun.run(["stock", "list", "--path", "s"], in: folder)
        #expect(onSQLite.output.contains("Milk") && onSQLite.output.contains("2"))
    }
}

@Suite("pantry import and demo")
struct PantryImportAndDemoTests {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Data")

    @Test("import reads CSV and Open Food Facts JSONL feeds, and a second import creates nothing")
    func importFeeds() throws {
        let folder = try newFolder()
        let csv = try PantryRun.run(["import", Self.data.appendingPathComponent("sample-products.csv").path], in: folder)
        #expect(csv.status == 0 && csv.output.contains("10 created"))
        let jsonl = try PantryRun.run(["import", Self.data.appendingPathComponent("openfoodfacts-sample.jsonl").path, "--json"], in: folder)
        #expect(jsonl.output.contains("\"created\" : 6"))
        let again = try PantryRun.run(["import", Self.data.appendingPathComponent("sample-products.csv").path], in: folder)
        #expect(again.output.contains("0 created") && again.output.contains("10 unchanged"))
        let jam = try PantryRun.run(["product", "show", "3045320094008"], in: folder)
        #expect(jam.output.contains("Strawberry Jam") && jam.output.contains("Bonne Maman"))
        let bad = try PantryRun.run(["import", "missing.csv"], in: folder)
        #expect(bad.status != 0 && bad.error.contains("missing.csv"))
    }

    @Test("demo runs the whole tour in a temporary folder", arguments: ["sqlite", "json"])
    func demo(_ store: String) throws {
        let folder = try newFolder()
        let run = try PantryRun.run(["demo", "--store", store, "--folder", folder.appendingPathComponent("tour").path], in: folder)
        #expect(run.status == 0, "demo failed: \(run.error)")
        #expect(run.output.contains("10 created") && run.output.contains("0 created, 10 unchanged"))
        #expect(run.output.contains("Whole milk") && run.output.contains("due within 7 days: Whole milk"))
        #expect(run.output.contains("peas on the kitchen device after syncing back: 3 (was 4)"))
        #expect(run.output.contains("both devices hold the same stock: yes"))
    }
}

@Suite("pantry due and pantry calendar")
struct PantryReminderCommandTests {
    static func dayFromToday(_ days: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date().addingTimeInterval(Double(days) * 86_400))
    }

    @Test("due lists the reminders of a lot due in two days, as a table and as JSON; a consumed lot's are gone")
    func due() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        try PantryRun.run(["stock", "add", "4006381333931", "2", "--due", Self.dayFromToday(2)], in: folder)
        let table = try PantryRun.run(["due"], in: folder)
        #expect(table.status == 0 && table.output.contains("due today") && table.output.contains("Milk"))
        #expect(!table.output.contains("dueToday"), "the table says kinds in words: \(table.output)")
        let json = try PantryRun.run(["due", "--json"], in: folder)
        let reminders = try JSONDecoder().decode(DueAnswer.self, from: Data(json.output.utf8)).reminders
        #expect(reminders.contains { $0["kind"] == .string("dueToday") })
        let again = try PantryRun.run(["due", "--json"], in: folder)
        #expect(again.output == json.output)   // stable ids and moments
        try PantryRun.run(["stock", "consume", "4006381333931", "2"], in: folder)
        let after = try PantryRun.run(["due", "--json"], in: folder)
        #expect(!after.output.contains("dueToday"))
        #expect(try PantryRun.run(["due", "--at", "25:00"], in: folder).status != 0)
    }

    @Test("due lists a lot already past its due date first, as due now, with lower-case ids in --json")
    func dueListsWhatIsAlreadyOverdue() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        try PantryRun.run(["stock", "add", "4006381333931", "2", "--due", Self.dayFromToday(-10)], in: folder)
        try PantryRun.run(["stock", "add", "4006381333931", "1", "--due", Self.dayFromToday(2)], in: folder)
        let table = try PantryRun.run(["due"], in: folder)
        let rows = table.output.split(separator: "\n").dropFirst(2).map(String.init)
        #expect(rows.first?.hasPrefix("now") == true && rows.first?.contains("overdue") == true, "\(table.output)")
        #expect(rows.first?.contains(Self.dayFromToday(-10)) == true)
        #expect(rows.dropFirst().contains { $0.contains("due today") })

        let json = try PantryRun.run(["due", "--json"], in: folder)
        let decoded = try JSONDecoder().decode(DueAnswer.self, from: Data(json.output.utf8)).reminders
        #expect(decoded.first?["kind"] == .string("overdue") && decoded.first?["at"] == nil, "\(json.output)")
        #expect(decoded.allSatisfy { $0["householdId"] != nil && $0["householdID"] == nil })
        for row in decoded {
            guard case .string(let household)? = row["householdId"], case .string(let id)? = row["id"] else {
                Issue.record("row without ids: \(row)")
                continue
            }
            #expect(household == household.lowercased() && id == id.lowercased())
        }
    }

    @Test("calendar prints an iCalendar feed with an all-day event for the due date")
    func calendar() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk, fresh"], in: folder)
        let day = Self.dayFromToday(3)
        try PantryRun.run(["stock", "add", "4006381333931", "1", "--due", day], in: folder)
        let run = try PantryRun.run(["calendar"], in: folder)
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("BEGIN:VCALENDAR\r\n") && run.output.hasSuffix("END:VCALENDAR\r\n"))
        #expect(run.output.contains("DTSTART;VALUE=DATE:" + day.replacingOccurrences(of: "-", with: "")))
        #expect(run.output.contains("SUMMARY:Milk\\, fresh: best before"))
    }
}

/// A JSON value whose shape the test does not fix.
/// What `pantry due --json` prints: the vocabulary's version and the reminders.
struct DueAnswer: Decodable {
    var version: Int
    var reminders: [[String: AnyCodableValue]]
}

enum AnyCodableValue: Decodable, Equatable {
    case string(String), number(Double), other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) { self = .string(text) }
        else if let number = try? container.decode(Double.self) { self = .number(number) }
        else { self = .other }
    }
}
