import ExamplesTestSupport
import Foundation
import Testing

/// `pantry history`, run as a user would: the ids `pantry undo` takes are discoverable after the fact.
@Suite("pantry history: recent transactions, their authors and what undo would do")
struct PantryHistoryTests {
    /// The rows of `pantry history --json`.
    static func transactions(_ folder: URL, limit: Int = 20) throws -> [[String: Any]] {
        let run = try PantryRun.run(["history", "--json", "--limit", String(limit)], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.error)")
        return try #require(object["transactions"] as? [[String: Any]])
    }

    @Test("a mistake is found in history by what it did, undone by its listed id, and then shows as undone")
    func findAndUndo() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        #expect(try PantryRun.run(["stock", "add", "4006381333931", "3", "--location", "Fridge"], in: folder).status == 0)
        #expect(try PantryRun.run(["stock", "consume", "4006381333931", "2"], in: folder).status == 0)
        let table = try PantryRun.run(["history"], in: folder)
        #expect(table.status == 0 && table.output.contains("consumed Milk [4006381333931] 2 pieces"), "\(table.output)\(table.error)")
        #expect(table.output.contains("this pantry") && table.output.contains("puts back what it consumed"))
        var rows = try Self.transactions(folder)
        #expect(rows.first?["did"] as? String == "consumed Milk [4006381333931] 2 pieces", "newest first: \(rows)")
        let purchase = try #require(rows.first { ($0["did"] as? String)?.hasPrefix("bought Milk") == true })
        #expect(purchase["undoable"] as? Bool == false && (purchase["undo"] as? String)?.hasPrefix("refused until the later") == true)
        let id = try #require(rows.first?["transactionId"] as? String)
        #expect((rows.first?["at"] as? String)?.hasSuffix("Z") == true && rows.first?["author"] is String)
        let undone = try PantryRun.run(["undo", id], in: folder)
        #expect(undone.status == 0, "\(undone.error)")
        rows = try Self.transactions(folder)
        #expect(rows.first?["did"] as? String == "undid transaction \(id)")
        let mistake = try #require(rows.first { $0["transactionId"] as? String == id })
        #expect(mistake["undone"] as? Bool == true && mistake["undo"] as? String == "already undone")
        let bought = try #require(rows.first { ($0["did"] as? String)?.hasPrefix("bought Milk") == true })
        #expect(bought["undoable"] as? Bool == true && bought["undo"] as? String == "removes what it bought")
    }

    @Test("--limit keeps the newest; setup cannot be undone and says so; a bad limit is refused")
    func limitAndSetup() throws {
        let folder = try newFolder()
        #expect(try PantryRun.run(["location", "add", "Attic"], in: folder).status == 0)
        #expect(try PantryRun.run(["shopping-list", "add", "bread"], in: folder).status == 0)
        let rows = try Self.transactions(folder, limit: 2)
        #expect(rows.map { $0["did"] as? String } == ["put bread on the shopping list", "defined location Attic"])
        #expect(rows.last?["undoable"] as? Bool == false && (rows.last?["undo"] as? String)?.hasPrefix("cannot be undone") == true)
        let bad = try PantryRun.run(["history", "--limit", "0"], in: folder)
        #expect(bad.status == 2 && bad.error.split(separator: "\n").count == 1, "\(bad.error)")
    }
}
