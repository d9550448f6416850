import ArgumentParser
import Logging
import SyncServer

/// `device`: device administration.
struct DeviceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "device",
        abstract: "Manage devices.",
        subcommands: [Add.self, Revoke.self]
    )

    /// `device add HOUSEHOLD`: prints the device id and its bearer token, which is shown this once only.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a device; prints its token once.")

        @Argument(help: "The household id.") var household: String
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            guard let householdID = HouseholdID(household) else { throw ValidationError.notAUUID("HOUSEHOLD", household) }
            let logger = Logger(label: "inventorykit-server")
            let (device, token) = try await database.withStore(logger: logger) { _, store in
                try await store.addDevice(to: householdID)
            }
            print("device: \(device)")
            print("token: \(token.rawValue)")
            print("The token is shown only now; store it on the device.")
        }
    }

    /// `device revoke DEVICE`: the device's token stops working at once.
    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a device's token.")

        @Argument(help: "The device id.") var device: String
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            guard let deviceID = DeviceID(device) else { throw ValidationError.notAUUID("DEVICE", device) }
            let logger = Logger(label: "inventorykit-server")
            try await database.withStore(logger: logger) { _, store in
                try await store.revokeDevice(deviceID)
            }
            print("revoked: \(deviceID)")
        }
    }
}
