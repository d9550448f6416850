import ExamplesTestSupport
import Foundation
import Testing

/// The command line itself: `--version`, and "did you mean" from the command's actual names.
@Suite("pantry command line: --version and did-you-mean suggestions")
struct PantryCommandLineTests {
    @Test("--version prints the version on one line and exits 0")
    func version() throws {
        let run = try PantryRun.run(["--version"], in: try newFolder())
        #expect(run.status == 0 && run.output.split(separator: "\n") == ["0.1.0+dev"], "\(run.output)\(run.error)")
    }

    @Test("a misspelled command or option is answered with the closest name the command has", arguments: [
        (["stok", "list"], "Unknown command 'stok'. Did you mean 'stock'?; see 'pantry --help'"),
        (["locaton", "list"], "Unknown command 'locaton'. Did you mean 'location'?; see 'pantry --help'"),
        (["stock", "lst"], "Unknown command 'lst'. Did you mean 'list'?; see 'pantry stock --help'"),
        (["stock", "add", "4006381333931", "1", "--loc", "Fridge"], "Unknown option '--loc'. Did you mean '--location'?; see 'pantry stock add --help'"),
        (["stock", "list", "--jsn"], "Unknown option '--jsn'. Did you mean '--json'?; see 'pantry stock list --help'"),
        (["shopping-list", "--ad", "bread"], "Unknown option '--ad'. Did you mean '--add'?; see 'pantry shopping-list --help'"),
        (["stock", "list", "--colour"], "Unknown option '--colour'; see 'pantry stock list --help'"),
        (["xyzzy"], "Unknown command 'xyzzy'; see 'pantry --help'"),
    ])
    func suggestions(_ arguments: [String], _ line: String) throws {
        let run = try PantryRun.run(arguments, in: try newFolder())
        #expect(run.status == 64 && run.error == "Error: \(line)\n", "\(run.error)")
    }

    @Test("an option's value is not mistaken for a command, and a real usage error keeps the parser's message")
    func valuesAndOtherErrors() throws {
        let folder = try newFolder()
        let missing = try PantryRun.run(["stock", "add", "--location", "stok"], in: folder)
        #expect(missing.status == 64 && missing.error.contains("Missing expected argument '<product>'"), "\(missing.error)")
    }
}
