import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ThrowawayPostgres

/// The `inventorykit-server serve` executable running as a child process on a loopback port, for tests that
/// kill it, restart it, or run two of it on one database.
///
/// The executable is the one `swift build` put beside the test bundle; `scripts/test` builds it first.
final class ServerProcess: Sendable {
    /// The port it listens on (loopback only).
    let port: Int
    /// Its process id.
    let pid: pid_t
    /// Where its standard output and error go.
    let logPath: String

    /// Errors starting the process.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The built `inventorykit-server`, next to the test executable.
    static var executablePath: String {
        let tests = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
        var folder = tests.deletingLastPathComponent()
        // On macOS the tests run inside an `.xctest` bundle: step out of it.
        while folder.path.contains(".xctest") { folder = folder.deletingLastPathComponent() }
        return folder.appendingPathComponent("inventorykit-server").path
    }

    private init(port: Int, pid: pid_t, logPath: String) {
        self.port = port
        self.pid = pid
        self.logPath = logPath
    }

    /// Starts `serve` against `databaseURL` on a free loopback port, with `options` after the others, and waits
    /// until `/v1/health` answers.
    static func start(databaseURL: String, port: Int? = nil, options: [String] = []) async throws -> ServerProcess {
        let port = try port ?? freeLoopbackPort()
        let arguments = ["serve", "--host", "127.0.0.1", "--port", "\(port)", "--database-url", databaseURL] + options
        return try await launch(arguments, environment: [:], expectingPort: port)
    }

    /// Starts the executable with exactly `arguments` and `environment` over the test's own (less its
    /// `INVENTORYKIT_` variables), and waits until `/v1/health` answers on `port`.
    static func launch(_ arguments: [String], environment: [String: String], expectingPort port: Int) async throws
        -> ServerProcess
    {
        let executable = executablePath
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw Failure(description: "\(executable) is missing: run `swift build --package-path Server` first")
        }
        let logPath = NSTemporaryDirectory() + "inventorykit-server-\(UUID().uuidString).log"
        let pid = try ChildProcess.spawn(
            executable, arguments, outputPath: logPath, environment: childEnvironment(environment))
        let process = ServerProcess(port: port, pid: pid, logPath: logPath)
        do {
            try await process.waitUntilHealthy()
        } catch {
            process.kill()
            throw error
        }
        return process
    }

    /// Polls `/v1/health` for up to 60 seconds.
    func waitUntilHealthy() async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let response = try? await request("/v1/health", method: .get), response.status == .ok { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Failure(description: "the server on port \(port) did not become healthy:\n\(log.suffix(2000))")
    }

    /// `/v1/ready`'s first `200`, asked every 100 ms until `limit` has passed; else its last status. Ready means the
    /// database answered within `SyncService.readinessWait`, which a loaded machine may miss right after start.
    func firstReadiness(within limit: Duration = .seconds(20)) async throws -> HTTPResponse.Status {
        let deadline = ContinuousClock.now + limit
        while true {
            let status = try await request("/v1/ready", method: .get).status
            guard status != .ok, ContinuousClock.now < deadline else { return status }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Sends one request on a fresh connection, to the API's port or to `port`.
    func request(
        _ uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil, port: Int? = nil
    ) async throws -> TestClient.Response {
        try await TestClient.withClient(
            host: "127.0.0.1", port: port ?? self.port, configuration: .init(timeout: .seconds(30))
        ) { client in
            try await client.execute(TestClient.Request(uri, method: method, headers: headers, body: body))
        }
    }

    /// The test's environment without its `INVENTORYKIT_` variables, plus `overrides`.
    static func childEnvironment(_ overrides: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("INVENTORYKIT_") }.merging(overrides) { $1 }
    }

    /// Sends `signal` (SIGTERM, SIGINT) and waits up to `timeout` for the process to exit; returns its exit status
    /// (`nil` when it did not exit in time, `-1` when a signal killed it) and how long it took. The log file is kept.
    func stop(with signal: Int32, timeout: Duration) async -> (status: Int32?, elapsed: Duration) {
        let start = ContinuousClock.now
        send(signal)
        let status = await CommandRun.waitForExit(pid, timeout: timeout)
        return (status, ContinuousClock.now - start)
    }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        _ = Foundation.kill(pid, signal)
    }

    /// Waits up to `timeout` for the process to exit after a signal sent with ``send(_:)``; returns its exit status.
    func waitForExit(timeout: Duration) async -> Int32? {
        await CommandRun.waitForExit(pid, timeout: timeout)
    }

    /// What the process wrote to its standard output and error.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// SIGKILL: no shutdown, no flushing, as a crash or the OOM killer would end it.
    func kill() {
        _ = Foundation.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        unlink(logPath)
    }

    /// A port nothing listens on now (bound to 0 and released).
    static func freeLoopbackPort() throws -> Int {
        let (fd, port) = try boundLoopbackSocket()
        close(fd)
        return port
    }

    /// A TCP socket bound to a free loopback port, and the port; the caller closes it.
    static func boundLoopbackSocket() throws -> (Int32, Int) {
        let fd = try RawHTTPConnection.tcpSocket()
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            close(fd)
            throw Failure(description: "bind failed: \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            close(fd)
            throw Failure(description: "getsockname failed: \(errno)")
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
