import Foundation
import Testing

/// Hostile and mistaken input to `pantry`: refused with a clear line and a documented exit status, never acted on.
@Suite("pantry: hostile input and exit statuses")
struct PantryHostileInputTests {
    @Test("sync --remote naming the local store itself is refused as a wrong command line (64), and nothing is marked synced")
    func syncWithItselfIsRefused() throws {
        let folder = try newFolder()
        #expect(try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk", "--path", "me"], in: folder).status == 0)
        for remote in ["me/pantry.sqlite", "./me/../me/pantry.sqlite"] {
            let run = try PantryRun.run(["sync", "--path", "me", "--remote", remote], in: folder)
            #expect(run.status == 64, "sync with \(remote) exited \(run.status): \(run.error)")
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

    @Test("an import shows its warnings and numbers records from 1, on the terminal and in --json")
    func importWarningsAreShownAndRecordsNumberedFromOne() throws {
        let folder = try newFolder()
        let feed = folder.appendingPathComponent("feed.csv")
        try "barcode,title,brand\n123,Short code,Acme\n,,Only a brand\n".write(to: feed, atomically: true, encoding: .utf8)
        let run = try PantryRun.run(["import", feed.path], in: folder)
        #expect(run.status == 3, "\(run.error)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  warning: record 1: ") && $0.contains("123") }, "\(run.output)")
        #expect(lines.contains { $0.hasPrefix("  rejected: record 2: ") }, "\(run.output)")
        #expect(!run.output.contains("record 0"))

        let other = try newFolder()
        let json = try PantryRun.run(["import", feed.path, "--json"], in: other)
        struct Summary: Decodable { var warnings: Int; var warningMessages: [String]; var rejections: [String] }
        let summary = try JSONDecoder().decode(Summary.self, from: Data(json.output.utf8))
        #expect(summary.warnings == 1 && summary.warningMessages.first?.hasPrefix("record 1: ") == true)
        #expect(summary.rejections.first?.hasPrefix("record 2: ") == true)
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

    @Test("--json writes controls, bidirectional controls and separators as JSON escapes, never raw; the strings read back whole")
    func jsonEscapesInvisibleScalars() throws {
        let folder = try newFolder()
        let title = "Milk\u{1B}[2J\u{202E}gnp.exe\u{2066}\u{85}\u{7F}\u{200F}\u{2028}"
        #expect(try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", title], in: folder).status == 0)
        for arguments in [["product", "show", "4006381333931", "--json"], ["product", "list", "--json"]] {
            let run = try PantryRun.run(arguments, in: folder)
            #expect(run.status == 0, "\(arguments): \(run.error)")
            let raw = [0x1B, 0x202E, 0x2066, 0x85, 0x7F, 0x200F, 0x2028] as [UInt32]
            #expect(!run.output.unicodeScalars.contains { raw.contains($0.value) }, "\(arguments) printed a raw control")
            #expect(run.output.contains(#"Milk\u001b[2J\u202egnp.exe\u2066\u0085\u007f\u200f\u2028"#), "\(run.output)")
            let decoded = try JSONSerialization.jsonObject(with: Data(run.output.utf8))
            let object = decoded as? [String: Any]
            let product = (object?["products"] as? [[String: Any]])?.first ?? (object?["product"] as? [String: Any])
            #expect(product?["title"] as? String == title)
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

    @Test("product show gives a beverage's energy, per 100 ml")
    func beverageEnergyIsShown() throws {
        let folder = try newFolder()
        let feed = PantryImportAndDemoTests.data.appendingPathComponent("openfoodfacts-sample.jsonl")
        #expect(try PantryRun.run(["import", feed.path], in: folder).status == 0)
        let show = try PantryRun.run(["product", "show", "5449000011527"], in: folder)
        #expect(show.status == 0 && show.output.contains("Fanta"))
        #expect(show.output.contains("energy") && show.output.contains("kcal/100ml"), "\(show.output)")
    }
}

@Suite("pantry backup and check")
struct PantryBackupAndCheckTests {
    @Test("backup copies a live store that opens with every product", arguments: ["sqlite", "json"])
    func backupCopiesTheStore(_ store: String) throws {
        let folder = try newFolder()
        let add = try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk", "--store", store, "--path", "live"], in: folder)
        #expect(add.status == 0, "\(add.error)")
        let copy = store == "sqlite" ? "copy.sqlite" : "copy"
        let backup = try PantryRun.run(["backup", copy, "--store", store, "--path", "live"], in: folder)
        #expect(backup.status == 0, "backup exited \(backup.status): \(backup.error)")
        let show = try PantryRun.run(["product", "show", "4006381333931", "--store", store, "--path", copy], in: folder)
        #expect(show.status == 0 && show.output.contains("Milk"))
        let again = try PantryRun.run(["backup", copy, "--store", store, "--path", "live"], in: folder)
        #expect(again.status != 0 && again.error.contains("exists"))
    }

    @Test("check passes a healthy store and names a damaged record with exit 4", arguments: ["sqlite", "json"])
    func checkFindsDamage(_ store: String) throws {
        let folder = try newFolder()
        for (barcode, title) in [("4006381333931", "Milk"), ("5000112637922", "Cola")] {
            #expect(try PantryRun.run(["product", "add", "--barcode", barcode, "--title", title, "--store", store, "--path", "s"], in: folder).status == 0)
        }
        let healthy = try PantryRun.run(["check", "--store", store, "--path", "s"], in: folder)
        #expect(healthy.status == 0 && healthy.output.contains("2 products") && healthy.output.contains("no problems found"), "\(healthy.output) \(healthy.error)")
        guard store == "json" else { return }
        let record = folder.appendingPathComponent("s/domain/metadata/products/5000112637922.json")
        try Data("{ not json".utf8).write(to: record)
        let damaged = try PantryRun.run(["check", "--store", store, "--path", "s"], in: folder)
        #expect(damaged.status == 4, "check of a damaged store exited \(damaged.status): \(damaged.error)")
        #expect(damaged.output.contains("5000112637922") && damaged.output.contains("1 products"))
    }

    @Test("check and backup of a missing store are bad input")
    func missingStore() throws {
        let folder = try newFolder()
        #expect(try PantryRun.run(["check", "--path", "nowhere"], in: folder).status == 2)
        #expect(try PantryRun.run(["backup", "x.sqlite", "--path", "nowhere"], in: folder).status == 2)
    }
}
