import Foundation
import Testing

@Suite("Documentation snippets: the README and the DocC catalogs show only code the tests compile")
struct DocumentationSnippetTests {
    @Test("every marked block shows its snippet unchanged")
    func markedBlocksMatchTheirSnippets() throws {
        let catalog = try SnippetCatalog.current()
        let byName = catalog.snippetsByName
        let marked = catalog.blocks.filter { $0.marker != nil }
        #expect(!marked.isEmpty)
        for block in marked {
            guard let name = block.marker else { continue }
            guard let snippet = byName[name]?.first else {
                Issue.record("\(block.location): no test marks a snippet named \"\(name)\" (`// snippet: \(name)`)")
                continue
            }
            #expect(
                block.code == snippet.code,
                "\(block.location) drifted from \(snippet.location) (run scripts/update-snippets): \(SnippetCatalog.firstDifference(block.code, snippet.code))"
            )
        }
    }

    @Test("every Swift block of the README and the DocC catalogs names the snippet it shows")
    func everySwiftBlockIsMarked() throws {
        let catalog = try SnippetCatalog.current()
        let unmarked = catalog.blocks.filter { $0.language == "swift" && $0.marker == nil }.map(\.location)
        #expect(unmarked == [], "put `<!-- snippet: NAME -->` before each of these blocks and the code in a test")
    }

    @Test("snippet names are unique, and every snippet is shown somewhere")
    func snippetsAreUniqueAndUsed() throws {
        let catalog = try SnippetCatalog.current()
        let duplicates = catalog.snippetsByName.filter { $0.value.count > 1 }
            .map { "\($0.key): \($0.value.map(\.location).joined(separator: ", "))" }.sorted()
        #expect(duplicates == [])
        let shown = Set(catalog.blocks.compactMap(\.marker))
        let unused = catalog.snippets.filter { !shown.contains($0.name) }.map { "\($0.name) (\($0.location))" }
        #expect(unused == [])
    }

    @Test("dedenting keeps relative indentation and drops blank edge lines")
    func dedent() {
        #expect(SnippetCatalog.dedent(["", "    let a = 1", "    if a > 0 {", "        print(a)", "    }", "  "]) == "let a = 1\nif a > 0 {\n    print(a)\n}")
    }
}
