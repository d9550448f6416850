import Foundation
import GRDB
import Testing
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Issue 30, "a newcomer's first hour": what a first command, a mistyped path or a second process does to a pantry.
@Suite("pantry: what a first command, a mistyped path or a second process does to a store")
struct PantryStoreTrapsTests {
    static let milk = "4006381333931"

    /// A folder with a SQLite pantry at `me` holding one product, and `link`, a symbolic link to `me`.
    static func pantryWithMilk() throws -> URL {
        let folder = try newFolder()
        let added = try PantryRun.run(["product", "add", "--barcode", milk, "--title", "Milk", "--path", "me"], in: folder)
        #expect(added.status == 0, "\(added.error)")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: "me")
        return folder
    }

    /// The entries of a folder, sorted (`-wal` and `-shm` files left out: SQLite's own).
    static func entries(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }.sorted()
    }

    // MARK: - 1. sync --remote naming the pantry's own store

    @Test(
        "sync --remote naming the pantry's own store in any spelling exits 64 with one line, and changes nothing",
        arguments: ["me", "me/", "./me", "../PARENT/me", "me/pantry.sqlite", "./me/../me/pantry.sqlite", "link", "link/",
                    "link/pantry.sqlite", "ABSOLUTE/me"])
    func syncWithItselfInAnySpellingIsRefused(_ spelling: String) throws {
        let folder = try Self.pantryWithMilk()
        let remote = spelling.replacingOccurrences(of: "PARENT", with: folder.lastPathComponent)
            .replacingOccurrences(of: "ABSOLUTE", with: folder.path)
        let before = try Self.entries(folder.appendingPathComponent("me"))
        let run = try PantryRun.run(["sync", "--path", "me", "--remote", remote], in: folder)
        #expect(run.status == 64, "sync with \(remote) exited \(run.status): \(run.error)")
        #expect(run.error.contains("own store") && run.error.split(separator: "\n").count == 1, "\(run.error)")
        #expect(try Self.entries(folder.appendingPathComponent("me")) == before, "a store was created inside the pantry")
        let show = try PantryRun.run(["product", "show", Self.milk, "--path", "me"], in: folder)
        #expect(show.output.contains("pending upsert"), "nothing was marked synced: \(show.output)")
    }

    @Test("sync --remote naming a JSON pantry's own folder in any spelling exits 64", arguments: ["j", "j/", "./j", "ABSOLUTE/j"])
    func jsonSyncWithItselfIsRefused(_ spelling: String) throws {
        let folder = try newFolder()
        #expect(try PantryRun.run(["product", "add", "--title", "Milk", "--store", "json", "--path", "j"], in: folder).status == 0)
        let remote = spelling.replacingOccurrences(of: "ABSOLUTE", with: folder.path)
        let run = try PantryRun.run(["sync", "--store", "json", "--path", "j", "--remote", remote], in: folder)
        #expect(run.status == 64 && run.error.contains("own store"), "sync with \(remote) exited \(run.status): \(run.error)")
        let status = try PantryRun.run(["status", "--store", "json", "--path", "j", "--json"], in: folder)
        #expect(status.output.contains("\"products\" : {\n    \"pending\" : 1"), "\(status.output)")
    }

    // MARK: - 2. A store another process holds

    @Test("a store another process holds exits 5 with one line within seconds, on SQLite as on JSON", arguments: ["sqlite", "json"])
    func lockedStoreExits5Promptly(_ store: String) throws {
        let folder = try newFolder()
        #expect(try PantryRun.run(["product", "add", "--title", "Milk", "--store", store, "--path", "s"], in: folder).status == 0)
        let release: () throws -> Void
        if store == "sqlite" {
            var configuration = Configuration()
            configuration.allowsUnsafeTransactions = true
            let holder = try DatabaseQueue(path: folder.appendingPathComponent("s/pantry.sqlite").path, configuration: configuration)
            try holder.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
            release = {
                try holder.inDatabase { db in try db.execute(sql: "ROLLBACK") }
                try holder.close()
            }
        } else {
            let descriptor = open(folder.appendingPathComponent("s/.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            #expect(descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0)
            release = { close(descriptor) }
        }
        let started = Date()
        let run = try PantryRun.run(["product", "add", "--title", "Bread", "--store", store, "--path", "s"], in: folder)
        let elapsed = Date().timeIntervalSince(started)
        try release()
        #expect(run.status == 5, "exited \(run.status): \(run.error)")
        #expect(run.error.contains("is locked by another process") && run.error.split(separator: "\n").count == 1, "\(run.error)")
        #expect(elapsed < 4.5, "took \(elapsed) s")
        #expect(try PantryRun.run(["product", "add", "--title", "Bread", "--store", store, "--path", "s"], in: folder).status == 0)
    }

    // MARK: - 3. Read-only commands and first commands

    @Test(
        "a read-only command on a path with no store exits 2 with one line and creates nothing",
        arguments: [
            ["status"], ["stock", "list"], ["product", "list"], ["product", "show", milk], ["due"], ["calendar"],
            ["category", "list"], ["shopping-list"], ["household", "timezone"], ["stock", "add", milk, "1"],
            ["stock", "consume", milk], ["product", "edit", milk, "--title", "Milk"],
            ["undo", "0f1c1f0e-2d6a-4a53-9a0b-3f4c1d2e5a67"], ["location", "list"], ["location", "rename", "Fridge", "Cold"],
            ["location", "remove", "Fridge"], ["unit", "list"], ["history"], ["product", "settings", milk],
            ["product", "settings", milk, "--minimum", "2"], ["shopping-list", "remove", "bread"],
            ["shopping-list", "check", "bread"],
        ])
    func readOnlyCommandOnMissingStoreCreatesNothing(_ arguments: [String]) throws {
        let folder = try newFolder()
        for store in ["sqlite", "json"] {
            let run = try PantryRun.run(arguments + ["--store", store, "--path", "typo"], in: folder)
            #expect(run.status == 2, "\(arguments) --store \(store) exited \(run.status): \(run.error)")
            #expect(run.error.hasPrefix("Error: no pantry store at ") && run.error.split(separator: "\n").count == 1, "\(run.error)")
        }
        let created = try Self.entries(folder)
        #expect(created.isEmpty, "something was created: \(created)")
    }

    @Test("--store naming the wrong kind for the store at --path says which kind is there")
    func wrongStoreKindIsNamed() throws {
        let folder = try Self.pantryWithMilk()
        let run = try PantryRun.run(["stock", "list", "--store", "json", "--path", "me"], in: folder)
        #expect(run.status == 2 && run.error.contains("a SQLite store is there"), "\(run.error)")
        #expect(try Self.entries(folder.appendingPathComponent("me")) == ["pantry.sqlite"])
    }

    @Test("read-only commands, a product add and a refused booking write no journal entry; the pantry can still join a household")
    func onlyBookingsCreateTheHousehold() throws {
        let folder = try Self.pantryWithMilk()
        for arguments in [
            ["status"], ["stock", "list"], ["due"], ["calendar"], ["household", "timezone"], ["shopping-list"], ["location", "list"],
            ["unit", "list"], ["history"], ["product", "settings", "4006381333931"],
        ] {
            let run = try PantryRun.run(arguments + ["--path", "me"], in: folder)
            #expect(run.status == 0, "\(arguments) exited \(run.status): \(run.error)")
        }
        let unknown = try PantryRun.run(["stock", "add", "4000417025005", "1", "--path", "me"], in: folder)
        #expect(unknown.status == 2, "\(unknown.error)")
        let undo = try PantryRun.run(["undo", "0f1c1f0e-2d6a-4a53-9a0b-3f4c1d2e5a67", "--path", "me"], in: folder)
        #expect(undo.status == 2 && undo.error.contains("nothing was booked here yet"), "\(undo.error)")
        let check = try PantryRun.run(["check", "--path", "me", "--json"], in: folder)
        #expect(check.output.contains("\"journalEntries\" : 0"), "\(check.output)")
        // `$PANTRY_HOUSEHOLD` joins the way `household join` does, with the same rule: refused once the local
        // household holds entries.
        let household = ["PANTRY_HOUSEHOLD": "6f1c1f0e-2d6a-4a53-9a0b-3f4c1d2e5a67"]
        let joined = try PantryRun.run(["stock", "add", Self.milk, "2", "--path", "me"], in: folder, variables: household)
        #expect(joined.status == 0, "\(joined.error)")
        let status = try PantryRun.run(["status", "--path", "me", "--json"], in: folder, variables: household)
        #expect(status.output.contains("\"household\" : \"6f1c1f0e-2d6a-4a53-9a0b-3f4c1d2e5a67\""), "\(status.output)")
    }

    // MARK: - 8. backup PATH

    @Test("backup PATH without .sqlite writes PATH/pantry.sqlite, which --path PATH opens")
    func backupWithoutExtensionOpensWithPath() throws {
        let folder = try Self.pantryWithMilk()
        let backup = try PantryRun.run(["backup", "copy", "--path", "me"], in: folder)
        #expect(backup.status == 0 && backup.output.contains("--path copy"), "\(backup.output)\(backup.error)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("copy/pantry.sqlite").path))
        let show = try PantryRun.run(["product", "show", Self.milk, "--path", "copy"], in: folder)
        #expect(show.status == 0 && show.output.contains("Milk"), "\(show.error)")
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes"))
        let onFile = try PantryRun.run(["backup", "notes", "--path", "me"], in: folder)
        #expect(onFile.status == 2 && onFile.error.contains("no folder") && onFile.error.split(separator: "\n").count == 1, "\(onFile.error)")
    }
}
