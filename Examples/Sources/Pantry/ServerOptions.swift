import ArgumentParser
import Foundation
import HTTPSync
import InventoryModule

/// The sync server options `pantry sync` and `pantry household join` share, and how they combine with the
/// `PANTRY_*` variables and the server `pantry household join` saved in the store.
struct ServerOptions: ParsableArguments {
    @Option(help: "The sync server, e.g. http://127.0.0.1:8080 (default: $PANTRY_SERVER, else the joined server).")
    var server: String?
    @Option(help: "This device's bearer token (default: $PANTRY_TOKEN, else the joined token).")
    var token: String?
    @Option(help: "The server household's id (default: $PANTRY_HOUSEHOLD, else the joined household).")
    var household: String?
    @Option(help: "Seconds one server request may take.")
    var timeout: Double = 30

    /// The server configuration: each setting from its option, else its `PANTRY_*` variable, else the saved
    /// settings; `nil` when no server is named anywhere.
    ///
    /// The saved token is only sent to the saved server: a server named by an option or a variable that is
    /// another one needs its own token.
    ///
    /// - Throws: ``PantryError/syncTarget(_:)`` naming what is missing or unusable.
    func configuration(_ variables: [String: String], saved: PantrySettings) throws -> HTTPSyncConfiguration? {
        try Self.configuration(
            server: server, token: token, household: household, timeout: timeout, variables: variables, saved: saved)
    }

    /// The server configuration from explicit settings (`nil` when not given), the `PANTRY_*` variables and the
    /// saved settings, for commands without these options (`wipe --server`); see the instance method.
    ///
    /// - Throws: ``PantryError/syncTarget(_:)`` naming what is missing or unusable.
    static func configuration(
        server: String? = nil, token: String? = nil, household: String? = nil, timeout: Double = 30,
        variables: [String: String], saved: PantrySettings
    ) throws -> HTTPSyncConfiguration? {
        func variable(_ name: String) -> String? { variables[name].flatMap { $0.isEmpty ? nil : $0 } }
        guard let server = server ?? variable("PANTRY_SERVER") ?? saved.server else { return nil }
        let savedServer = saved.server.map { sameServer(server, $0) } ?? false
        guard let token = token ?? variable("PANTRY_TOKEN") ?? (savedServer ? saved.token : nil), !token.isEmpty else {
            throw PantryError.syncTarget("a server needs --token TOKEN (or $PANTRY_TOKEN)")
        }
        guard let householdText = household ?? variable("PANTRY_HOUSEHOLD") ?? saved.household?.rawValue else {
            throw PantryError.syncTarget("a server needs --household with the server household's UUID (or $PANTRY_HOUSEHOLD)")
        }
        guard let household = UUID(uuidString: householdText) else {
            throw PantryError.syncTarget(
                "--household takes the server household's UUID; \(Output.terminalSafe(householdText)) is not a UUID")
        }
        guard let url = URL(string: server) else { throw PantryError.syncTarget("\(server) is not a URL") }
        guard timeout > 0, timeout <= 600 else { throw PantryError.syncTarget("--timeout takes 1 to 600 seconds") }
        do {
            var configuration = try HTTPSyncConfiguration(server: url, household: household, token: token)
            configuration.requestTimeout = timeout
            return configuration
        } catch {
            throw PantryError.syncTarget(error.description)
        }
    }

    /// Whether two server addresses name the same API root (`http://h:8080` and `http://h:8080/v1/` do).
    static func sameServer(_ first: String, _ second: String) -> Bool {
        guard let one = apiRoot(first), let two = apiRoot(second) else { return first == second }
        return one == two
    }

    /// The API root an address names, as ``HTTPSyncConfiguration`` derives it; `nil` when it is not usable.
    private static func apiRoot(_ text: String) -> URL? {
        // The configuration needs a token to exist; this placeholder never leaves the process.
        guard let url = URL(string: text) else { return nil }
        return try? HTTPSyncConfiguration(server: url, household: UUID(), token: "placeholder").apiRoot
    }
}
