import ArgumentParser
import Foundation

/// `inventorykit-server`: runs and administers the InventoryKit sync server.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inventorykit-server",
        abstract: "The InventoryKit sync server on PostgreSQL.",
        discussion: """
            \(Setting.precedenceHelp)

            Exit statuses: 0 success; 64 bad arguments or configuration; 65 an id that names nothing on the \
            server; 69 the database cannot be reached or refuses the connection; 1 anything else. Each failure \
            is one line on standard error.
            """,
        subcommands: [
            ServeCommand.self, MigrateCommand.self, HouseholdCommand.self, DeviceCommand.self, FeedCommand.self,
            MemberCommand.self,
            CompactCommand.self,
        ]
    )

    /// Parses and runs a command; a failure is one line on standard error and a status of ``CommandFailure``.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }  // --help, --version
            let failure = CommandFailure(error, command: Self.self)
            FileHandle.standardError.write(Data((failure.message + "\n").utf8))
            Foundation.exit(failure.status)
        }
    }
}
