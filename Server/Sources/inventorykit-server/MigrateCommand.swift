import ArgumentParser
import Logging
import SyncServer

/// `migrate`: applies missing migrations and prints their names.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "migrate", abstract: "Apply missing migrations.")

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let logger = Logger(label: "inventorykit-server")
        let applied = try await database.withStore(logger: logger) { client, _ in
            try await Migrator().migrate(client: client, logger: logger)
        }
        print(applied.isEmpty ? "Schema is up to date." : applied.joined(separator: "\n"))
    }
}
