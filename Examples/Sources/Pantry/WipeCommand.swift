import ArgumentParser
import Foundation
import HTTPSync
import InventoryModule
import InventoryKit
import InventorySync

/// `pantry wipe [--server] [--yes]`: deletes the pantry's data — on this device, and with `--server` first the
/// household on the sync server (an account deletion: the server's changes deleted, every device revoked).
struct WipeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wipe",
        abstract: "Erase the local store; with --server, first erase the household on the sync server.",
        discussion: """
            Erases every product, stock entry, pending change, the saved server and token of this pantry. With \
            --server, the household is first erased on the server the pantry joined (or $PANTRY_SERVER, \
            $PANTRY_TOKEN, $PANTRY_HOUSEHOLD): its changes are deleted and every device of it is revoked, so the \
            other devices' next sync exits with status 6. When the server cannot erase it, nothing local is \
            erased either. Asks for confirmation on a terminal; elsewhere --yes is required.
            """)
    @OptionGroup var options: StoreOptions
    @Flag(help: "Also erase the household on the sync server, for every device of it.") var server = false
    @Flag(help: "Do not ask for confirmation.") var yes = false

    func run() async throws {
        let location = storePath(options.store, at: options.location)
        try StoreLocation.requireStore(options.store, at: options.location)
        // Opening takes the store's lock: a store in use by another pantry is refused (status 5) before anything.
        let opened = try await PantryEnvironment.openStorage(options.store, at: options.location)
        let settings: PantrySettings
        do {
            settings = try await PantrySettings.load(from: opened.storage)
        } catch {
            await opened.close()
            throw error
        }
        await opened.close()
        let configuration = server ? try serverConfiguration(settings) : nil
        var what = "the pantry store at \(location.path)"
        if let configuration {
            what = "household \(configuration.householdID) on \(configuration.apiRoot.absoluteString) (for every device) and " + what
        }
        try confirm(what)
        if let configuration { try await Self.eraseOnServer(configuration) }
        try Self.eraseStore(options.store, at: location)
        if options.json {
            try Output.json(["erased": location.path, "serverHousehold": configuration?.householdID.rawValue])
        } else {
            print("erased \(Output.terminalSafe(what))")
        }
    }

    /// The server the pantry joined, overridden by the `PANTRY_*` variables.
    private func serverConfiguration(_ settings: PantrySettings) throws -> HTTPSyncConfiguration {
        let variables = ProcessInfo.processInfo.environment
        guard let configuration = try ServerOptions.configuration(variables: variables, saved: settings) else {
            throw PantryError.syncTarget(
                "wipe --server needs a server saved by `pantry household join` (or $PANTRY_SERVER, $PANTRY_TOKEN, $PANTRY_HOUSEHOLD)")
        }
        return configuration
    }

    /// Goes on with `--yes`, or when the person at the terminal types `yes`; else refuses.
    private func confirm(_ what: String) throws {
        try Confirmation.require(
            yes, question: "Erase \(what)?",
            unconfirmed: "wipe would erase \(what); pass --yes to confirm (standard input is not a terminal, nothing was erased)",
            declined: "wipe was not confirmed; nothing was erased")
    }

    /// Erases the household on the server.
    ///
    /// - Throws: ``PantryError/refused(_:)`` or ``PantryError/server(_:)``; nothing local was erased then.
    static func eraseOnServer(_ configuration: HTTPSyncConfiguration) async throws {
        let server = configuration.apiRoot.absoluteString
        do {
            try await HTTPSyncClient(configuration: configuration).eraseHousehold()
        } catch let error as RemoteSyncError {
            switch error {
            case .unauthorized(let reason):
                throw PantryError.refused(
                    "the server \(server) refused to erase household \(configuration.householdID) (\(reason)); "
                        + "nothing was erased")
            case .offline:
                throw PantryError.server("cannot reach the sync server at \(server); nothing was erased")
            default:
                throw PantryError.server("the sync server at \(server) did not erase the household: \(error); nothing was erased")
            }
        }
    }

    /// Removes the store's files: the SQLite file with its `-wal`, `-shm`, `-journal` and `-openfoodfacts`
    /// companions, or the JSON store's lock, journal, list of applied migrations, `user`/`domain` and `openfoodfacts`
    /// folders; then the folder when nothing else is left in it. Files that are not the store's are never touched.
    static func eraseStore(_ kind: StoreKind, at location: URL) throws {
        let manager = FileManager.default
        let folder: URL
        let parts: [URL]
        switch kind {
        case .sqlite:
            folder = location.deletingLastPathComponent()
            parts = ["", "-wal", "-shm", "-journal", "-openfoodfacts"].map { URL(fileURLWithPath: location.path + $0) }
        case .json:
            folder = location
            parts = [".lock", "journal.json", "migrations.json", "user", "domain", "openfoodfacts"].map { location.appendingPathComponent($0) }
        }
        for part in parts where manager.fileExists(atPath: part.path) {
            try manager.removeItem(at: part)
        }
        if (try? manager.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
            try? manager.removeItem(at: folder)
        }
    }
}
