import ArgumentParser
import Foundation
import HTTPSync
import InventoryModule
import InventorySync

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `pantry household …`: the server household this pantry belongs to, its members on the web pages, and the
/// household's time zone.
struct HouseholdCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "household",
        abstract: "Join a household on the sync server, invite a person to its web pages; show or change its time zone.",
        subcommands: [Join.self, Invite.self, Zone.self])

    /// `pantry household join --server URL --token TOKEN --household ID`.
    struct Join: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Join a server household: check the server answers, then save its address, household and token.",
            discussion: """
                The server, household and this device's token (from `inventorykit-server device add`) are checked \
                with a pull, then saved in the store so `pantry sync` needs no flags. The token is kept in the \
                store's user metadata in clear — fine for a demo; an app keeps it in the Keychain. No command \
                prints it. A pantry belongs to one household: joining another is refused, and so is joining after \
                booking in the local household (stock, a shopping-list item, a time zone; adding products and \
                reading book nothing): join first, or on a new --path. \
                A device the server refuses exits with status 6.
                """)
        @OptionGroup var options: StoreOptions
        @OptionGroup var server: ServerOptions

        func run() async throws {
            let variables = ProcessInfo.processInfo.environment
            guard server.server ?? variables["PANTRY_SERVER"] != nil else {
                throw PantryError.syncTarget("household join needs --server URL (or $PANTRY_SERVER)")
            }
            // A pantry without a store yet checks the server before opening creates one: a server that is down or
            // refuses the device leaves nothing behind.
            var checked = false
            if !StoreLocation.holdsData(options.store, at: options.location) {
                try StoreLocation.refuseOtherKind(options.store, at: options.location)
                guard let configuration = try server.configuration(variables, saved: PantrySettings()) else {
                    throw PantryError.syncTarget("household join needs --server URL (or $PANTRY_SERVER)")
                }
                try await Self.check(configuration)
                checked = true
            }
            let environment = try await PantryEnvironment.open(options, access: .household) { saved in
                guard let configuration = try server.configuration(variables, saved: saved) else {
                    throw PantryError.syncTarget("household join needs --server URL (or $PANTRY_SERVER)")
                }
                if let joined = saved.household, joined != configuration.householdID {
                    throw PantryError.otherHousehold(joined: joined.rawValue, requested: configuration.householdID.rawValue)
                }
                // Before the store records anything of the household.
                if !checked { try await Self.check(configuration) }
                return .server(configuration)
            }
            do {
                guard let configuration = environment.remote.server else {
                    throw PantryError.syncTarget("household join needs --server URL (or $PANTRY_SERVER)")
                }
                var settings = try await PantrySettings.load(from: environment.storage)
                settings.server = configuration.apiRoot.absoluteString
                settings.token = configuration.token
                try await settings.save(in: environment.storage)
            } catch {
                await environment.close()
                throw error
            }
            await environment.close()
            let joined = environment.remote.name
            if options.json {
                try Output.json(["householdId": environment.household.rawValue, "server": joined])
            } else {
                print("joined household \(environment.household.rawValue) on \(joined); `pantry sync` needs no flags now")
            }
        }

        /// Pulls one change to see that the server answers and accepts the device for the household.
        ///
        /// - Throws: ``PantryError/refused(_:)`` when it refuses the device, else ``PantryError/server(_:)``.
        static func check(_ configuration: HTTPSyncConfiguration) async throws {
            let client = HTTPSyncClient(configuration: configuration)
            let server = configuration.apiRoot.absoluteString
            do {
                _ = try await client.get(
                    ["changes"], query: [URLQueryItem(name: "after", value: "0"), URLQueryItem(name: "limit", value: "1")])
            } catch let error as RemoteSyncError {
                switch error {
                case .unauthorized(let reason):
                    throw PantryError.refused(
                        "the server \(server) refused this device for household \(configuration.householdID) "
                            + "(\(reason)); nothing was saved")
                case .offline:
                    throw PantryError.server("cannot reach the sync server at \(server); nothing was saved")
                case .timeout:
                    throw PantryError.server("the sync server at \(server) did not answer in time; nothing was saved")
                default:
                    throw PantryError.server("the sync server at \(server) failed: \(error); nothing was saved")
                }
            }
        }
    }
}
