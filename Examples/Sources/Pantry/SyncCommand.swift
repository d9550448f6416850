import ArgumentParser
import Foundation
import HTTPSync
import InventoryModule
import InventorySync
import ProductModule

/// `pantry sync`: through the InventoryKit sync server (`--server`), or with a second store acting as the remote
/// (`--remote`).
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Sync through the sync server, or with a second store acting as the remote.",
        discussion: """
            With --server (or $PANTRY_SERVER), --token ($PANTRY_TOKEN) and --household ($PANTRY_HOUSEHOLD), the \
            pantry joins the server's household on its first sync and works in it from then on. A device the \
            server refuses (revoked token) exits with status 6 and keeps every pending change.
            """)
    @OptionGroup var options: StoreOptions
    @Option(help: "The shared store (a .sqlite file or a JSON folder).") var remote: String?
    @Option(help: "The sync server, e.g. http://127.0.0.1:8080 (default: $PANTRY_SERVER).") var server: String?
    @Option(help: "This device's bearer token (default: $PANTRY_TOKEN).") var token: String?
    @Option(help: "The server household's id (default: $PANTRY_HOUSEHOLD).") var household: String?
    @Option(help: "Seconds one server request may take.") var timeout: Double = 30

    func run() async throws {
        let target = try syncTarget(ProcessInfo.processInfo.environment)
        let environment = try await PantryEnvironment.open(options, remote: target)
        let products = try await environment.products.syncPending()
        let inventory = try await environment.inventory.syncPending(households: [environment.household])
        await environment.close()
        let refusal = [products.stoppedBy, inventory.stoppedBy].compactMap { $0 }.first { $0.category == .unauthorized }
        if options.json {
            struct Report: Encodable {
                var products: String
                var inventory: String
                var household: String?
                var unauthorized: Bool?
            }
            try Output.json(Report(
                products: products.description, inventory: inventory.description,
                household: target.server == nil ? nil : environment.household.rawValue,
                unauthorized: target.server == nil ? nil : refusal != nil))
        } else {
            print("products: \(products)")
            print("inventory: \(inventory)")
        }
        if case .unauthorized(let reason)? = refusal {
            throw PantryError.unauthorized(reason, pending: products.remaining + inventory.remaining)
        }
    }

    /// The remote named by the options, else by `$PANTRY_SERVER`, `$PANTRY_TOKEN` and `$PANTRY_HOUSEHOLD`.
    func syncTarget(_ variables: [String: String]) throws -> PantryRemote {
        let server = self.server ?? variables["PANTRY_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
        if let remote {
            guard self.server == nil else { throw PantryError.syncTarget("sync takes --remote or --server, not both") }
            return .store(remote)
        }
        guard let server else {
            throw PantryError.syncTarget("sync needs --server URL (or $PANTRY_SERVER), or --remote PATH")
        }
        guard let token = token ?? variables["PANTRY_TOKEN"], !token.isEmpty else {
            throw PantryError.syncTarget("sync --server needs --token TOKEN (or $PANTRY_TOKEN)")
        }
        guard let text = household ?? variables["PANTRY_HOUSEHOLD"], let household = UUID(uuidString: text) else {
            throw PantryError.syncTarget("sync --server needs --household with the server household's UUID (or $PANTRY_HOUSEHOLD)")
        }
        guard let url = URL(string: server) else { throw PantryError.syncTarget("\(server) is not a URL") }
        guard timeout > 0, timeout <= 600 else { throw PantryError.syncTarget("--timeout takes 1 to 600 seconds") }
        do {
            var configuration = try HTTPSyncConfiguration(server: url, household: household, token: token)
            configuration.requestTimeout = timeout
            return .server(configuration)
        } catch {
            throw PantryError.syncTarget(error.description)
        }
    }
}
