import ExamplesTestSupport
import Foundation
import Testing

/// Two pantries use the same stock offline; after they sync, `status` and `due` show the over-draw and
/// `stock settle` settles it, by dismissal or by a count, and the settlement syncs.
@Suite("pantry: over-draws after an offline sync")
struct PantryOverdrawTests {
    static let milk = "4006381333931"

    /// Pantry `a` buys 2 and syncs to `b`; `a` uses 2, then `b` (not synced) 1.5; both sync. Returns the folder.
    static func overdrawn() throws -> URL {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--path", "a", "--barcode", milk, "--title", "Milk"], in: folder)
        try PantryRun.run(["stock", "add", "--path", "a", milk, "2", "--location", "Fridge"], in: folder)
        try PantryRun.run(["sync", "--path", "a", "--remote", "shared"], in: folder)
        try PantryRun.run(["sync", "--path", "b", "--remote", "shared"], in: folder)
        #expect(try PantryRun.run(["stock", "consume", "--path", "a", milk, "2"], in: folder).status == 0)
        #expect(try PantryRun.run(["stock", "consume", "--path", "b", milk, "1.5"], in: folder).status == 0)
        for path in ["a", "b", "a"] { try PantryRun.run(["sync", "--path", path, "--remote", "shared"], in: folder) }
        return folder
    }

    /// The entry id of the one open over-draw, read from `status --json`.
    static func entryID(in folder: URL, path: String) throws -> String {
        let status = try PantryRun.run(["status", "--path", path, "--json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any])
        let overdraws = try #require(object["overdraws"] as? [[String: Any]])
        #expect(overdraws.count == 1)
        let first = try #require(overdraws.first)
        #expect(first["asked"] as? String == "1.5" && first["taken"] as? String == "0" && first["title"] as? String == "Milk")
        #expect(first["author"] as? String == "b")
        #expect((first["takers"] as? [[String: Any]])?.compactMap { $0["author"] as? String } == ["a"])
        return try #require(first["entryId"] as? String)
    }

    @Test("status and due show the over-draw on both pantries: title, asked, taken, who and when, the id to settle")
    func statusAndDueShowIt() throws {
        let folder = try Self.overdrawn()
        let id = try Self.entryID(in: folder, path: "a")
        #expect(try Self.entryID(in: folder, path: "b") == id)
        for path in ["a", "b"] {
            let status = try PantryRun.run(["status", "--path", path], in: folder)
            #expect(status.output.contains("over-drawn:  1"))
            let line = try #require(status.output.split(separator: "\n").first { $0.contains("Milk: asked 1.5, took 0 (b,") })
            #expect(line.contains("after a at") && line.contains("pantry stock settle \(id) --dismiss"))
            let due = try PantryRun.run(["due", "--path", path], in: folder)
            #expect(due.output.contains("over-drawn: Milk: asked 1.5, took 0"))
            let dueJSON = try PantryRun.run(["due", "--path", path, "--json"], in: folder)
            #expect(dueJSON.output.contains("\"kind\" : \"overdrawn\"") && dueJSON.output.contains(id))
        }
    }

    @Test("stock settle --dismiss settles it on both pantries after a sync; settling it again is one clear line and exit 2")
    func dismissSettles() throws {
        let folder = try Self.overdrawn()
        let id = try Self.entryID(in: folder, path: "b")
        let settled = try PantryRun.run(["stock", "settle", "--path", "b", id, "--dismiss"], in: folder)
        #expect(settled.status == 0 && settled.output.contains("booked transaction"))
        for path in ["b", "a"] { try PantryRun.run(["sync", "--path", path, "--remote", "shared"], in: folder) }
        for path in ["a", "b"] {
            #expect(try PantryRun.run(["status", "--path", path], in: folder).output.contains("over-drawn:  0"))
        }
        let again = try PantryRun.run(["stock", "settle", "--path", "a", id, "--dismiss"], in: folder)
        #expect(again.status == 2)
        #expect(again.error.contains("already settled") && again.error.split(separator: "\n").count == 1)
    }

    @Test("stock settle --count books a correction that settles it")
    func countSettles() throws {
        let folder = try Self.overdrawn()
        let id = try Self.entryID(in: folder, path: "a")
        #expect(try PantryRun.run(["stock", "settle", "--path", "a", id, "--count", "1"], in: folder).status == 0)
        #expect(try PantryRun.run(["status", "--path", "a"], in: folder).output.contains("over-drawn:  0"))
        #expect(try PantryRun.run(["stock", "list", "--path", "a", "--json"], in: folder).output.contains("\"amount\" : \"1\""))
    }

    @Test("stock settle refuses a malformed id, an unknown over-draw and a missing choice, each in one line")
    func settleErrors() throws {
        let folder = try Self.overdrawn()
        let malformed = try PantryRun.run(["stock", "settle", "--path", "a", "nope", "--dismiss"], in: folder)
        #expect(malformed.status == 2 && malformed.error.contains("is not an entry id"))
        let unknown = try PantryRun.run(
            ["stock", "settle", "--path", "a", "00000000-0000-4000-8000-000000000001", "--dismiss"], in: folder)
        #expect(unknown.status == 2 && unknown.error.contains("no over-draw of entry"))
        let neither = try PantryRun.run(["stock", "settle", "--path", "a", "00000000-0000-4000-8000-000000000001"], in: folder)
        #expect(neither.status == 64 && neither.error.contains("either --dismiss or --count"))
    }
}
