import ExamplesTestSupport
import Foundation
import SyncWire
import Testing

/// The Examples README's "A week of a household with pantry", run line by line as it is written.
@Suite("pantry: a week of a household, as the Examples README tells it")
struct PantryHouseholdWeekTests {
    /// The `pantry` lines of the README's week, each as its arguments (comments and `export` left out).
    static func weekCommands() throws -> [[String]] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "### A week of a household with pantry").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        let lines = block.components(separatedBy: "\n").filter { $0.hasPrefix("pantry ") }
        return lines.map { line in Array(words(String(line.prefix { $0 != "#" })).dropFirst()) }
    }

    /// A shell line's words: split at spaces, double quotes keep spaces inside a word.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var inWord = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                inWord = true
            } else if character == " " && !quoted {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    @Test("every line of the week succeeds, and the week ends with milk on the list by its minimum")
    func week() throws {
        let folder = try newFolder()
        let commands = try Self.weekCommands()
        #expect(commands.count > 25)
        var newest: String?
        for arguments in commands {
            let line = arguments.map { $0 == "TRANSACTION" ? newest ?? $0 : $0 }
            let run = try PantryRun.run(line, in: folder)
            #expect(run.status == 0, "pantry \(line.joined(separator: " ")): \(run.error)")
            if arguments.first == "history" {
                let history = try PantryRun.run(["history", "--json", "--limit", "1"], in: folder)
                let object = try JSONSerialization.jsonObject(with: Data(history.output.utf8)) as? [String: Any]
                let rows = object?["transactions"] as? [[String: Any]]
                #expect(rows?.first?["did"] as? String == "consumed Milk [4006381333931] 2 pieces", "\(history.output)")
                newest = rows?.first?["transactionId"] as? String
            }
        }
        let list = try PantryRun.run(["shopping-list"], in: folder)
        #expect(list.output.contains("Milk [4006381333931] (below its minimum)  1"), "\(list.output)")
        #expect(!list.output.contains("candles"), "\(list.output)")
        let stock = try PantryRun.run(["stock", "list", "--json"], in: folder)
        let lots = try JSONDecoder().decode(StockView.self, from: Data(stock.output.utf8)).locations
            .flatMap(\.products).flatMap(\.lots)
        func total(_ product: String) -> Decimal {
            lots.filter { $0.productId == product }.reduce(Decimal(0)) { $0 + $1.amount.value }
        }
        #expect(total("4006381333931") == 1 && total("5012345670003") == 6 && total("3045320094008") == 0.75, "\(stock.output)")
        let table = try PantryRun.run(["stock", "list"], in: folder)
        #expect(table.output.split(separator: "\n").contains { $0.contains("Flour") && $0.contains("0.75 kg") && $0.contains("Cellar") })
        let history = try PantryRun.run(["history", "--json"], in: folder)
        #expect(history.output.contains("\"undone\" : true") && history.output.contains("undid transaction"), "\(history.output)")
    }
}
