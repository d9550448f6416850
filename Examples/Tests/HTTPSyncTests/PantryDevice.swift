import ExamplesTestSupport
import Foundation
import Testing

/// One `pantry` store acting as a device of a server household: runs the built `pantry` executable on its own
/// store, as a user would.
struct PantryDevice {
    /// What one run printed.
    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    /// The folder the store lives in.
    var folder: URL
    /// `sqlite` or `json`.
    var store: String
    /// The server `pantry sync` uses.
    var server: URL
    /// The server household.
    var household: UUID
    /// This device's bearer token.
    var token: String
    /// Whether the server settings are passed as `PANTRY_*` environment variables instead of options.
    var usesEnvironment = false

    /// A device on a new store in a temporary folder.
    static func make(store: String, server: SyncServerFixture, household: ServerHousehold, device: Int) throws -> PantryDevice {
        let folder = try TestFolder.make("pantry-http")
        return PantryDevice(
            folder: folder, store: store, server: server.url, household: household.id, token: household.devices[device].token)
    }

    /// Runs `pantry ARGS --store S --path P`.
    @discardableResult
    func run(_ arguments: [String]) throws -> Run {
        let captured = try process(arguments).runCapturingOutput()
        return Run(status: captured.status, output: captured.output, error: captured.error)
    }

    /// A `pantry ARGS --store S --path P` process, not started: the built executable, the device's folder, and an
    /// environment without the caller's `PANTRY_*` variables (with this device's server settings in them when it
    /// ``usesEnvironment``).
    func process(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = try Self.executable()
        // Options after the subcommand path: `product add …` takes them after `add`.
        process.arguments = arguments + ["--store", store, "--path", folder.appendingPathComponent("store").path]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        for name in ["PANTRY_SERVER", "PANTRY_TOKEN", "PANTRY_HOUSEHOLD", "PANTRY_HOME"] { environment[name] = nil }
        if usesEnvironment {
            environment["PANTRY_SERVER"] = server.absoluteString
            environment["PANTRY_TOKEN"] = token
            environment["PANTRY_HOUSEHOLD"] = household.uuidString
        }
        process.environment = environment
        process.currentDirectoryURL = folder
        return process
    }

    /// The arguments of `pantry sync` through the server: the options, unless the device ``usesEnvironment``.
    var syncArguments: [String] {
        usesEnvironment ? ["sync"] : ["sync", "--server", server.absoluteString, "--token", token, "--household", household.uuidString]
    }

    /// Runs a command that must succeed and returns its output.
    @discardableResult
    func expectSuccess(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments)
        #expect(result.status == 0, "pantry \(arguments.joined(separator: " ")) failed: \(result.error)", sourceLocation: sourceLocation)
        return result.output
    }

    /// `pantry sync` through the server (options, or the environment).
    @discardableResult
    func sync(json: Bool = false) throws -> Run {
        try run(syncArguments + (json ? ["--json"] : []))
    }

    /// `pantry household join` with this device's server, token and household as options.
    @discardableResult
    func join() throws -> Run {
        try run(["household", "join", "--server", server.absoluteString, "--token", token, "--household", household.uuidString])
    }

    /// The built `pantry`, next to the test bundle.
    static func executable() throws -> URL {
        var candidates: [URL] = []
        for start in [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])] {
            var folder = start
            for _ in 0..<4 {
                candidates.append(folder.appendingPathComponent("pantry"))
                folder = folder.deletingLastPathComponent()
            }
        }
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) && !$0.hasDirectoryPath }
        return try #require(found, "pantry was not built next to the tests")
    }
}
