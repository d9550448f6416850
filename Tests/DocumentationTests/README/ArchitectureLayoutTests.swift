import Foundation
import Testing

/// `docs/architecture.md`'s layout table is how a newcomer finds a target's rooms: it must name each target's folders
/// exactly as the tree has them.
@Suite("docs/architecture.md: the layout table matches the tree")
struct ArchitectureLayoutTests {
    /// One row of the layout table: the targets it names and the folders it lists for them.
    struct Row {
        var targets: [String]
        var folders: Set<String>
    }

    static func rows() throws -> [Row] {
        let document = try ReadmeTablesTests.text("docs/architecture.md")
        guard let section = document.components(separatedBy: "## Repository layout").dropFirst().first else { return [] }
        return section.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { return nil }
            let targets = backticked(cells[1]).filter { $0.hasPrefix("Sources/") || $0.hasPrefix("Server/Sources/") }
            guard !targets.isEmpty else { return nil }
            let folders = backticked(cells[2]).filter { $0.hasSuffix("/") }.map { String($0.dropLast()) }
            return Row(targets: targets, folders: Set(folders))
        }
    }

    static func backticked(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The folders of a target (its DocC catalog is not a folder of code).
    static func folders(of target: String) throws -> Set<String> {
        let root = try SnippetCatalog.current().root.appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path)
        return Set(
            names.filter { name in
                var isFolder: ObjCBool = false
                let path = root.appendingPathComponent(name).path
                return !name.hasSuffix(".docc") && FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
                    && isFolder.boolValue
            })
    }

    @Test("every row lists exactly its targets' folders")
    func rowsListTheTreesFolders() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 8)
        for row in rows {
            for target in row.targets {
                #expect(try Self.folders(of: target) == row.folders, "\(target): the table lists \(row.folders.sorted())")
            }
        }
    }

    @Test("every target of the kit and the server has a row")
    func everyTargetHasARow() throws {
        let named = Set(try Self.rows().flatMap(\.targets))
        for parent in ["Sources", "Server/Sources"] {
            for target in try Self.folders(of: parent) {
                #expect(named.contains("\(parent)/\(target)"), "docs/architecture.md's layout table lacks \(parent)/\(target)")
            }
        }
    }
}
