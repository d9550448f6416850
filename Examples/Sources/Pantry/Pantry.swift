import ArgumentParser
import Foundation

/// `pantry`: the InventoryKit demo client — a product catalog and household stock on an embedded store.
@main
struct Pantry: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A pantry on InventoryKit: products, stock, due dates, shopping list, sync.",
        discussion: """
            Data lives in an embedded store (SQLite by default, or a folder of JSON files with --store json).
            Run `pantry demo` for a guided tour in a temporary folder.
            """,
        version: Pantry.version,
        subcommands: [
            ImportCommand.self, ScanCommand.self, ProductCommand.self, StockCommand.self, LocationCommand.self, UnitCommand.self, ShoppingListCommand.self, HistoryCommand.self, UndoCommand.self,
            CategoryCommand.self, SyncCommand.self, OutboxCommand.self, ConflictsCommand.self, HouseholdCommand.self, StatusCommand.self, WipeCommand.self, BackupCommand.self,
            CheckCommand.self, IDCommand.self, DemoCommand.self, DueCommand.self, CalendarCommand.self,
        ])
}

extension Pantry {
    /// What `pantry --version` prints: the kit release this pantry is built from, `+dev` while the CHANGELOG has
    /// unreleased changes after it.
    static let version = "0.1.0+dev"
}

/// Options every command that opens a store shares.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: "The store kind: sqlite or json.")
    var store: StoreKind = .sqlite

    @Option(name: .long, help: "The pantry's folder (sqlite keeps FOLDER/pantry.sqlite; a path ending in .sqlite names the file itself). Default: $PANTRY_HOME or ./pantry-data.")
    var path: String?

    @Flag(name: .long, help: "Print JSON instead of tables.")
    var json = false

    /// The store's location.
    var location: URL {
        let base = path ?? ProcessInfo.processInfo.environment["PANTRY_HOME"] ?? "pantry-data"
        return URL(fileURLWithPath: base)
    }
}

/// The kinds of embedded store.
enum StoreKind: String, ExpressibleByArgument, CaseIterable, Sendable {
    case sqlite, json
}
