import Foundation
import Testing

@Suite("pantry product list --title-prefix")
struct PantryTitlePrefixTests {
    @Test("lists the products whose title starts with the text, in any case and spacing, on either store", arguments: ["sqlite", "json"])
    func listsByTitlePrefix(_ store: String) throws {
        let folder = try newFolder()
        for title in ["Milk", "Milky Way", "Oat milk", "Mild cheddar", "牛乳"] {
            let added = try PantryRun.run(["product", "add", "--title", title, "--store", store], in: folder)
            #expect(added.status == 0, "\(added.error)")
        }
        let milk = try PantryRun.run(["product", "list", "--title-prefix", "  MILK", "--store", store, "--json"], in: folder)
        #expect(milk.status == 0, "\(milk.error)")
        let object = try JSONSerialization.jsonObject(with: Data(milk.output.utf8)) as? [String: Any]
        let titles = try #require(object?["products"] as? [[String: Any]]).compactMap { $0["title"] as? String }
        #expect(titles == ["Milk", "Milky Way"])

        let paged = try PantryRun.run(["product", "list", "--title-prefix", "mil", "--limit", "2", "--store", store], in: folder)
        #expect(paged.status == 0 && paged.output.contains("Mild cheddar") && paged.output.contains("Milk"))
        #expect(!paged.output.contains("Milky Way") && !paged.output.contains("Oat milk"))
        let cursor = try #require(paged.output.components(separatedBy: "--after ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        let next = try PantryRun.run(
            ["product", "list", "--title-prefix", "mil", "--limit", "2", "--after", cursor, "--store", store], in: folder)
        #expect(next.output.contains("Milky Way") && !next.output.contains("next page"))

        let cjk = try PantryRun.run(["product", "list", "--title-prefix", "牛", "--store", store], in: folder)
        #expect(cjk.output.contains("牛乳") && !cjk.output.contains("Milk"))
    }
}
