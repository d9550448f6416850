import ArgumentParser
import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import JSONFileStorage
import ProductModule
import SQLiteStorage

/// `pantry backup <path>`: a consistent copy of a live store, where `--path <path>` opens it.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the store consistently, even while another pantry uses it (SQLite) or under its lock (JSON).",
        discussion: """
            The copy opens with `--path PATH` (and the same --store): a SQLite store is copied to PATH when it ends \
            in .sqlite, else to PATH/pantry.sqlite (a new or empty folder), as --path reads it; a JSON store is \
            copied to the new folder PATH.
            """)
    @OptionGroup var options: StoreOptions
    @Argument(help: "Where the copy goes: a new .sqlite file or a folder for a SQLite store, a new folder for a JSON store.")
    var destination: String

    func run() async throws {
        let source = storePath(options.store, at: options.location)
        try StoreLocation.requireStore(options.store, at: options.location)
        let target = storePath(options.store, at: URL(fileURLWithPath: destination))
        switch options.store {
        case .sqlite:
            try Self.makeFolder(for: target, destination: destination)
            let storage = try SQLiteStorage(path: source.path, busyTimeout: PantryEnvironment.lockWait)
            defer { try? storage.close() }
            try storage.backup(to: target.path)
        case .json:
            let storage = try await JSONFileStorage(root: source, migrations: JSONStoreMigrations.all)
            do {
                try await storage.backup(to: target)
            } catch {
                await storage.close()
                throw error
            }
            await storage.close()
        }
        let reopen = (options.store == .json ? "--store json " : "") + "--path \(destination)"
        if options.json {
            struct Answer: JSONObjectOutput { var source, backup, open: String }
            try Output.json(Answer(source: source.path, backup: target.path, open: reopen))
        } else {
            print("backed up \(Output.terminalSafe(source.path)) to \(Output.terminalSafe(target.path)); open it with "
                + Output.terminalSafe(reopen))
        }
    }

    /// Creates the folder a SQLite copy goes in (`PATH` of `PATH/pantry.sqlite`) when it is missing.
    ///
    /// - Throws: ``PantryError/invalidArgument(_:)`` when `destination` is a file that is no `.sqlite` store path, or
    ///   the folder cannot be created.
    private static func makeFolder(for target: URL, destination: String) throws {
        let folder = target.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw PantryError.invalidArgument(
                    "\(destination) exists already and is no folder: back up to a new .sqlite file or a folder")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw PantryError.invalidArgument("cannot create the folder \(folder.path) for the backup: \(error.localizedDescription)")
        }
    }
}

/// `pantry check`: verifies a store and reports what it found.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Verify the store: the file's integrity, every product and journal entry readable, the outbox whole.")
    @OptionGroup var options: StoreOptions

    func run() async throws {
        let source = storePath(options.store, at: options.location)
        try StoreLocation.requireStore(options.store, at: options.location)
        var findings = StoreFindings()
        switch options.store {
        case .sqlite:
            let storage = try SQLiteStorage(path: source.path, busyTimeout: PantryEnvironment.lockWait)
            defer { try? storage.close() }
            findings.problems += try storage.integrityProblems().map { "SQLite integrity check: \($0)" }
            let products = SQLiteProductStore(storage: storage)
            for raw in try storage.storedProductIDs() {
                do {
                    guard let id = ProductID(rawValue: raw) else { throw PantryError.invalidArgument("a product id \(raw) is not valid") }
                    _ = try await products.product(id)
                    findings.products += 1
                } catch {
                    findings.problems.append("product \(raw): \(error)")
                }
            }
            try await findings.checkOutbox(products)
            await findings.checkJournal(SQLiteInventoryStore(storage: storage), of: storage)
        case .json:
            let storage = try await JSONFileStorage(root: source, migrations: JSONStoreMigrations.all)
            findings.problems += await storage.integrityIssues.map { "\($0)" }
            let products = StorageProductStore(storage: storage)
            var query: ProductQuery? = ProductQuery(page: PageRequest(limit: 500), sort: .createdAt(.ascending))
            while let current = query {
                do {
                    let page = try await products.query(current)
                    findings.products += page.products.count
                    query = current.after(page.nextCursor)
                } catch {
                    findings.problems.append("products: \(error)")
                    query = nil
                }
            }
            try await findings.checkOutbox(products)
            await findings.checkJournal(StorageInventoryStore(storage: storage), of: storage)
            await storage.close()
        }
        if options.json {
            try Output.json(findings)
        } else {
            print("\(findings.products) products, \(findings.journalEntries) journal entries, \(findings.outboxEntries) waiting to sync")
            for problem in findings.problems { print("problem: \(Output.terminalSafe(problem))") }
            if findings.problems.isEmpty { print("no problems found") }
        }
        if !findings.problems.isEmpty { throw PantryError.damagedStore(problems: findings.problems.count) }
    }
}

/// What `pantry check` found.
struct StoreFindings: JSONObjectOutput {
    var products = 0
    var journalEntries = 0
    var outboxEntries = 0
    var problems: [String] = []

    /// Every outbox entry decodes, and the pending and quarantined ones add up to the outbox's count.
    mutating func checkOutbox(_ store: any ProductStore) async throws {
        do {
            let pending = try await store.pendingEntries(limit: RecordQuery.maximumLimit)
            let quarantined = try await store.quarantinedEntries()
            let count = try await store.outboxCount()
            outboxEntries = count
            if pending.count < RecordQuery.maximumLimit, pending.count + quarantined.count != count {
                problems.append(
                    "the product outbox counts \(count) entries but \(pending.count + quarantined.count) can be read")
            }
        } catch {
            problems.append("product outbox: \(error)")
        }
    }

    /// Every journal entry of the pantry's household decodes, and so does its outbox.
    mutating func checkJournal(_ store: any InventoryJournalStore, of storage: any StorageProvider) async {
        do {
            journalEntries = try await store.entries(of: try await PantrySettings.household(in: storage)).count
            let waiting = try await store.pendingOutbox(limit: RecordQuery.maximumLimit).count
            let quarantined = try await store.quarantinedOutbox().count
            let count = try await store.outboxCount()
            outboxEntries += count
            if waiting < RecordQuery.maximumLimit, waiting + quarantined != count {
                problems.append("the inventory outbox counts \(count) entries but \(waiting + quarantined) can be read")
            }
        } catch {
            problems.append("inventory journal: \(error)")
        }
    }
}
