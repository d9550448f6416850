import Foundation
import Testing

/// A throwaway PostgreSQL cluster and `inventorykit-server serve` on a free loopback port, started by
/// `Examples/scripts/test-sync-server` (the shell helpers of `Server/scripts/throwaway-server.sh`).
///
/// One server serves the whole test process (``shared()``); each test makes its own household and devices. The
/// script stops the server and the cluster when its standard input closes — when this process ends, however it
/// ends — or at ``stop()``.
final class SyncServerFixture: @unchecked Sendable {  // immutable after init but `serverID`, behind `lock`; `process` is only waited on in stop()
    /// The server's base URL (`http://127.0.0.1:PORT`).
    let url: URL
    /// The cluster's connection URL, for the server's CLI.
    let databaseURL: String
    /// The `inventorykit-server` executable.
    let serverBinary: URL
    /// The server's log, for failure messages.
    let serverLog: URL
    private let process: Process
    private let input: FileHandle
    private let output: FileHandle
    private let lock = NSLock()
    private var serverID: pid_t

    /// Whether PostgreSQL 15's tools are installed; without them the server tests are skipped.
    static var postgresInstalled: Bool {
        let bin = ProcessInfo.processInfo.environment["POSTGRES_BIN"] ?? "/usr/lib/postgresql/15/bin"
        return FileManager.default.isExecutableFile(atPath: bin + "/initdb")
    }

    static let skipReason: Comment = "PostgreSQL 15 is not installed (/usr/lib/postgresql/15/bin/initdb, or $POSTGRES_BIN)"

    private static let started: Result<SyncServerFixture, FixtureError> = Result(catching: {
        () throws(FixtureError) -> SyncServerFixture in try start()
    })

    /// The server of this test process, started on first use.
    ///
    /// - Throws: ``FixtureError`` when it could not start.
    static func shared() throws -> SyncServerFixture {
        try started.get()
    }

    /// A server and cluster of the caller's own, for tests that kill and restart the server
    /// (``killServer()``, ``restartServer()``); ``stop()`` ends it.
    ///
    /// - Throws: ``FixtureError`` when it could not start.
    static func dedicated() throws -> SyncServerFixture {
        try start()
    }

    private init(
        url: URL, databaseURL: String, serverBinary: URL, serverLog: URL, serverID: pid_t, process: Process, input: FileHandle,
        output: FileHandle
    ) {
        self.url = url
        self.databaseURL = databaseURL
        self.serverBinary = serverBinary
        self.serverLog = serverLog
        self.serverID = serverID
        self.process = process
        self.input = input
        self.output = output
    }

    /// Starts the script and reads its `key=value` lines up to `ready`.
    private static func start() throws(FixtureError) -> SyncServerFixture {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/test-sync-server")
        let process = Process()
        process.executableURL = script
        let input = Pipe()
        let output = Pipe()
        let errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("test-sync-server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.standardInput = input
        process.standardOutput = output
        do {
            process.standardError = try FileHandle(forWritingTo: errorLog)
            try process.run()
        } catch {
            throw .didNotStart("cannot run \(script.path): \(error)")
        }
        var text = ""
        while !text.contains("ready\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty {
                process.waitUntilExit()
                let log = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
                throw .didNotStart("test-sync-server exited \(process.terminationStatus): \(log.suffix(2000))")
            }
            text += String(decoding: chunk, as: UTF8.self)
        }
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let url = values["url"].flatMap(URL.init(string:)), let database = values["database-url"],
            let binary = values["server-bin"], let log = values["server-log"], let serverID = values["server-pid"].flatMap({ pid_t($0) })
        else { throw .didNotStart("test-sync-server printed \(text)") }
        return SyncServerFixture(
            url: url, databaseURL: database, serverBinary: URL(fileURLWithPath: binary),
            serverLog: URL(fileURLWithPath: log), serverID: serverID, process: process, input: input.fileHandleForWriting,
            output: output.fileHandleForReading)
    }

    // MARK: - Faults

    /// Kills the server process with SIGKILL, as a crash or power loss would: no graceful shutdown, open requests
    /// and transactions cut off. The cluster keeps running.
    func killServer() {
        let id = lock.withLock { serverID }
        kill(id, SIGKILL)
    }

    /// Starts the server again on the same port and database (killing it first if it still runs) and waits until
    /// it is ready.
    ///
    /// - Throws: ``FixtureError/didNotStart(_:)`` when it did not come back.
    func restartServer() throws {
        do {
            try input.write(contentsOf: Data("restart-server\n".utf8))
        } catch {
            throw FixtureError.didNotStart("cannot ask test-sync-server to restart: \(error)")
        }
        var text = ""
        while !text.contains("\n") {
            let chunk = output.availableData
            if chunk.isEmpty { throw FixtureError.didNotStart("test-sync-server ended while restarting the server") }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("restarted server-pid=") }),
            let id = pid_t(line.dropFirst("restarted server-pid=".count))
        else { throw FixtureError.didNotStart("test-sync-server printed \(text) on restart") }
        lock.withLock { serverID = id }
    }

    /// Stops the server and the cluster (the script cleans up when its input closes) and waits for the script.
    func stop() {
        try? input.close()
        process.waitUntilExit()
    }

    // MARK: - The server's CLI

    /// A new household with `devices` devices.
    ///
    /// - Throws: ``FixtureError/cli(_:)`` when the CLI fails.
    func household(named name: String = "Test home", devices: Int) throws -> ServerHousehold {
        let id = try cli(["household", "create", name]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let household = UUID(uuidString: id) else { throw FixtureError.cli("household create printed \(id)") }
        var added: [ServerDevice] = []
        for _ in 0..<devices {
            let text = try cli(["device", "add", id])
            let lines = text.split(separator: "\n")
            guard let device = lines.first(where: { $0.hasPrefix("device: ") })?.dropFirst(8),
                let token = lines.first(where: { $0.hasPrefix("token: ") })?.dropFirst(7)
            else { throw FixtureError.cli("device add printed \(text)") }
            added.append(ServerDevice(id: String(device), token: String(token)))
        }
        return ServerHousehold(id: household, devices: added)
    }

    /// Revokes a device: its token is refused from now on.
    ///
    /// - Throws: ``FixtureError/cli(_:)`` when the CLI fails.
    func revoke(_ device: ServerDevice) throws {
        _ = try cli(["device", "revoke", device.id])
    }

    /// The lines `member list HOUSEHOLD` prints: id, invited, `live` or `revoked`, open sessions, name (tab
    /// separated), oldest first.
    ///
    /// - Throws: ``FixtureError/cli(_:)`` when the CLI fails.
    func members(of household: ServerHousehold) throws -> [[String]] {
        try cli(["member", "list", household.id.uuidString]).split(separator: "\n")
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    /// Runs `inventorykit-server ARGS --database-url URL` and returns its standard output.
    private func cli(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = serverBinary
        process.arguments = arguments + ["--database-url", databaseURL]
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        do { try process.run() } catch { throw FixtureError.cli("cannot run \(serverBinary.path): \(error)") }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FixtureError.cli("\(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(String(decoding: err, as: UTF8.self))")
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A household on the test server and its devices.
struct ServerHousehold: Sendable {
    /// The household id.
    var id: UUID
    /// Its devices, each with a token.
    var devices: [ServerDevice]
}

/// A device of a household on the test server.
struct ServerDevice: Sendable {
    /// The device id (for `device revoke`).
    var id: String
    /// Its bearer token.
    var token: String
}

/// Why the test server could not be used.
enum FixtureError: Error, CustomStringConvertible {
    case didNotStart(String)
    case cli(String)

    var description: String {
        switch self {
        case .didNotStart(let reason): "the test server did not start: \(reason)"
        case .cli(let reason): "inventorykit-server failed: \(reason)"
        }
    }
}
