import ArgumentParser
import Logging
import SyncServer

/// `household`: household administration.
struct HouseholdCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "household",
        abstract: "Manage households.",
        subcommands: [Create.self]
    )

    /// `household create NAME`: prints the new household's id.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a household and print its id.")

        @Argument(help: "The household's display name.") var name: String
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            guard !name.isEmpty, name.utf8.count <= 200 else {
                throw ValidationError("NAME must be 1 to 200 bytes long.")
            }
        }

        func run() async throws {
            let logger = Logger(label: "inventorykit-server")
            let name = self.name
            let id = try await database.withStore(logger: logger) { _, store in
                try await store.createHousehold(name: name)
            }
            print(id)
        }
    }
}
