import Foundation

/// The code snippets of the repository's tests, and the documents that show them.
///
/// A test file marks the code a document shows:
///
/// ```swift
/// // snippet: storage-query
/// let page = try await storage.domainMetadata.query(Console.self, RecordQuery(limit: 20))
/// // end snippet
/// ```
///
/// and the README or a DocC article puts a marker naming it on the line before the fenced block:
///
/// ````markdown
/// <!-- snippet: storage-query -->
/// ```swift
/// let page = try await storage.domainMetadata.query(Console.self, RecordQuery(limit: 20))
/// ```
/// ````
///
/// The block must equal the marked lines, with the indentation they share removed. Snippets live in the kit's
/// `Tests/` (compiled and run by `swift test`) or in `Examples/Tests/` (snippets that need the example providers,
/// compiled and run by `swift test --package-path Examples`). `scripts/update-snippets` rewrites the documents'
/// blocks from the tests.
struct SnippetCatalog {
    /// One marked region of a test file.
    struct Snippet {
        var name: String
        var code: String
        var location: String
    }

    /// One fenced code block of a document, with the marker before it, if any.
    struct Block {
        var language: String
        var marker: String?
        var code: String
        var location: String
    }

    /// The repository's root folder.
    let root: URL
    /// Every snippet of the kit's and the Examples' tests, in file order.
    let snippets: [Snippet]
    /// Every fenced block of the documents the kit owns: `README.md`, `Examples/README.md` and `Sources/*/*.docc/**/*.md`.
    let blocks: [Block]

    static let snippetStart = "// snippet: "
    static let snippetEnd = "// end snippet"
    static let markerPrefix = "<!-- snippet: "
    static let markerSuffix = " -->"

    init(root: URL) throws {
        self.root = root
        var snippets: [Snippet] = []
        for folder in ["Tests", "Examples/Tests"] {
            for file in try Self.files(under: root.appendingPathComponent(folder), withExtension: "swift") {
                snippets += try Self.snippets(in: file, relativeTo: root)
            }
        }
        var documents = [root.appendingPathComponent("README.md"), root.appendingPathComponent("Examples/README.md")]
        for catalog in try Self.files(under: root.appendingPathComponent("Sources"), withExtension: "md")
        where catalog.path.contains(".docc/") {
            documents.append(catalog)
        }
        var blocks: [Block] = []
        for document in documents {
            blocks += try Self.blocks(in: document, relativeTo: root)
        }
        self.snippets = snippets
        self.blocks = blocks
    }

    /// The catalog of the repository this file is in.
    static func current(filePath: String = #filePath) throws -> SnippetCatalog {
        var root = URL(fileURLWithPath: filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }   // Tests/DocumentationTests/Snippets/<file>
        return try SnippetCatalog(root: root)
    }

    /// The snippets by name (a name used twice keeps every snippet, for the uniqueness check).
    var snippetsByName: [String: [Snippet]] {
        Dictionary(grouping: snippets, by: \.name)
    }

    // MARK: - Reading

    static func files(under folder: URL, withExtension ext: String) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            if url.lastPathComponent == ".build" || url.lastPathComponent.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            if url.pathExtension == ext { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    static func snippets(in file: URL, relativeTo root: URL) throws -> [Snippet] {
        let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        let path = String(file.path.dropFirst(root.path.count + 1))
        var found: [Snippet] = []
        var open: (name: String, line: Int, body: [String])?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(snippetStart) {
                open = (String(trimmed.dropFirst(snippetStart.count)), index + 1, [])
            } else if trimmed == snippetEnd, let current = open {
                found.append(Snippet(name: current.name, code: dedent(current.body), location: "\(path):\(current.line)"))
                open = nil
            } else if open != nil {
                open?.body.append(line)
            }
        }
        if let open {
            found.append(Snippet(name: open.name, code: "<no \"\(snippetEnd)\" line>", location: "\(path):\(open.line)"))
        }
        return found
    }

    static func blocks(in document: URL, relativeTo root: URL) throws -> [Block] {
        let lines = try String(contentsOf: document, encoding: .utf8).components(separatedBy: "\n")
        let path = String(document.path.dropFirst(root.path.count + 1))
        var found: [Block] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("```"), !line.hasPrefix("````") else {
                index += 1
                continue
            }
            let language = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            var marker: String?
            if index > 0 {
                let previous = lines[index - 1].trimmingCharacters(in: .whitespaces)
                if previous.hasPrefix(markerPrefix), previous.hasSuffix(markerSuffix) {
                    marker = String(previous.dropFirst(markerPrefix.count).dropLast(markerSuffix.count))
                }
            }
            var body: [String] = []
            var end = index + 1
            while end < lines.count, lines[end] != "```" {
                body.append(lines[end])
                end += 1
            }
            found.append(Block(language: language, marker: marker, code: body.joined(separator: "\n"), location: "\(path):\(index + 1)"))
            index = end + 1
        }
        return found
    }

    /// Removes the indentation all non-blank lines share, and blank lines at both ends.
    static func dedent(_ lines: [String]) -> String {
        var lines = lines.map { $0.hasSuffix(" ") && $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : $0 }
        while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : String($0.dropFirst(indent)) }
            .joined(separator: "\n")
    }

    /// The first line where two texts differ, for a readable failure.
    static func firstDifference(_ shown: String, _ compiled: String) -> String {
        let left = shown.components(separatedBy: "\n")
        let right = compiled.components(separatedBy: "\n")
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : "<end>"
            let b = index < right.count ? right[index] : "<end>"
            if a != b { return "line \(index + 1): the document shows\n  \(a)\nthe test compiles\n  \(b)" }
        }
        return "no difference"
    }
}
