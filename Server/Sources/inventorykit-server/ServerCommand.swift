import ArgumentParser

/// `inventorykit-server`: runs and administers the InventoryKit sync server.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inventorykit-server",
        abstract: "The InventoryKit sync server on PostgreSQL.",
        subcommands: [
            ServeCommand.self, MigrateCommand.self, HouseholdCommand.self, DeviceCommand.self, FeedCommand.self,
            MemberCommand.self,
            CompactCommand.self,
        ]
    )
}
