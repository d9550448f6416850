import Foundation
import Testing

/// Hostile and mistaken input to `pantry`: refused with a clear line and a documented exit status, never acted on.
@Suite("pantry: hostile input and exit statuses")
struct PantryHostileInputTests {
    @Test("sync --remote naming the local store itself is refused, and nothing is marked synced")
    func syncWithItselfIsRefused() throws {
        let folder = try newFolder()
        #expect(try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk", "--path", "me"], in: folder).status == 0)
        for remote in ["me/pantry.sqlite", "./me/../me/pantry.sqlite"] {
            let run = try PantryRun.run(["sync", "--path", "me", "--remote", remote], in: folder)
            #expect(run.status == 2, "sync with \(remote) exited \(run.status): \(run.error)")
            #expect(run.error.contains("own store") && run.error.split(separator: "\n").count == 1)
        }
        let show = try PantryRun.run(["product", "show", "4006381333931", "--path", "me"], in: folder)
        #expect(show.output.contains("pending upsert"))
    }

    @Test("an import that rejects records exits 3 when some were stored and 2 when none were")
    func rejectedImportsExitNonZero() throws {
        let folder = try newFolder()
        let mixed = folder.appendingPathComponent("mixed.csv")
        try "barcode,title,brand\n4006381333931,Milk,Acme\n,,Only a brand\n".write(to: mixed, atomically: true, encoding: .utf8)
        let partial = try PantryRun.run(["import", mixed.path], in: folder)
        #expect(partial.status == 3, "partial import exited \(partial.status): \(partial.error)")
        #expect(partial.output.contains("1 created") && partial.output.contains("1 rejected"))
        let bad = folder.appendingPathComponent("bad.csv")
        try "barcode,title,brand\n,,Acme\n,,Oaty\n".write(to: bad, atomically: true, encoding: .utf8)
        let none = try PantryRun.run(["import", bad.path], in: folder)
        #expect(none.status == 2, "import of only bad records exited \(none.status): \(none.error)")
        #expect(none.error.contains("nothing was imported"))
    }

    @Test("control characters and terminal escapes in product data are shown escaped, never sent raw")
    func terminalEscapesAreNeutralised() throws {
        let folder = try newFolder()
        let title = "Milk\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}"
        #expect(try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", title], in: folder).status == 0)
        for arguments in [["product", "show", "4006381333931"], ["product", "list"]] {
            let run = try PantryRun.run(arguments, in: folder)
            #expect(run.status == 0)
            #expect(!run.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
            #expect(run.output.contains("\\u{1B}]0;pwned"))
        }
    }

    @Test("bad input exits 2, an unknown subcommand 64")
    func exitStatuses() throws {
        let folder = try newFolder()
        let unknown = try PantryRun.run(["product", "show", "4006381333931"], in: folder)
        #expect(unknown.status == 2 && unknown.error.hasPrefix("Error: "))
        #expect(try PantryRun.run(["frobnicate"], in: folder).status == 64)
    }

    @Test("amounts like 1,5 or 2kg, impossible days and far-off years are refused, not cut short", arguments: [
        ["stock", "add", "4006381333931", "1,5"], ["stock", "add", "4006381333931", "2kg"],
        ["stock", "add", "4006381333931", "1.2.3"], ["stock", "add", "4006381333931", "1e3"],
        ["stock", "add", "4006381333931", "1", "--due", "99999-01-01"],
        ["stock", "add", "4006381333931", "1", "--due", "2026-02-30"],
        ["product", "add", "--barcode", "4006381333931", "--title", "   "],
    ])
    func wrongValuesAreRefused(_ arguments: [String]) throws {
        let folder = try newFolder()
        if arguments[0] == "stock" {
            #expect(try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder).status == 0)
        }
        let run = try PantryRun.run(arguments, in: folder)
        #expect(run.status == 2, "\(arguments) exited \(run.status): \(run.error)")
        #expect(run.error.split(separator: "\n").count == 1)
        let stock = try PantryRun.run(["stock", "list", "--json"], in: folder)
        #expect(!stock.output.contains("\"amount\""), "something was booked: \(stock.output)")
    }

    @Test("a CSV feed with no known column is one error for the whole file, exit 2, nothing stored")
    func csvWithoutKnownColumns() throws {
        let folder = try newFolder()
        let feed = folder.appendingPathComponent("nothing.csv")
        try "colour;weight\nred;1\n".write(to: feed, atomically: true, encoding: .utf8)
        let run = try PantryRun.run(["import", feed.path], in: folder)
        #expect(run.status == 2, "exited \(run.status): \(run.error)")
        #expect(run.error.split(separator: "\n").count == 1 && run.output.isEmpty)
    }
}
