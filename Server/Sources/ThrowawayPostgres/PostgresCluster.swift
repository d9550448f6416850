import Foundation
import Logging
import PostgresNIO

/// A throwaway PostgreSQL 15 cluster for one test or benchmark run: `initdb` into a temporary folder owned by
/// `postgres`, listening only on a Unix socket in that folder (no TCP port), trust authentication, `fsync=off`,
/// stopped with `-m immediate`.
///
/// PostgreSQL refuses to run as root, so when the tests run as root (CI) the binaries run through
/// `runuser -u postgres --`. Nothing is installed here: the binaries must exist in ``binDirectory``.
///
/// Shared by the server's tests and `server-bench`:
///
/// ```swift
/// try await withPostgresCluster { cluster in
///     try await PostgresClient.withRunningClient(configuration: cluster.configuration(), logger: logger) { ... }
/// }
/// ```
public struct PostgresCluster: Sendable {
    /// Where PostgreSQL's binaries are.
    public static let binDirectory = ProcessInfo.processInfo.environment["POSTGRES_BIN"] ?? "/usr/lib/postgresql/15/bin"

    /// The temporary folder holding the data directory, socket and log.
    public let root: String
    /// The port number in the socket's name (no TCP listener is opened).
    public let port: Int

    /// The cluster's data directory, inside ``root``.
    public var dataDirectory: String { root + "/data" }

    /// Errors starting or stopping the cluster.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed, with the tool's output.
        public let description: String
    }

    /// Whether the binaries are present; tests are disabled without them.
    public static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: binDirectory + "/initdb")
    }

    /// Creates, starts and returns a cluster.
    ///
    /// `IK_POSTGRES_OPTIONS` in the environment adds server settings for a diagnosis, e.g.
    /// `-c logging_collector=on -c log_directory=/tmp/pglog -c log_min_duration_statement=0` to keep every
    /// statement's time after the cluster's folder is removed.
    /// - Throws: ``Failure`` when the folder, `initdb` or `pg_ctl start` fails.
    public static func start() throws -> PostgresCluster {
        var template = Array("/tmp/ikpg.XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw Failure(description: "mkdtemp failed: \(errno)") }
        let root = String(cString: created)
        if getuid() == 0 {
            guard let account = getpwnam("postgres") else { throw Failure(description: "no postgres user") }
            guard chown(root, account.pointee.pw_uid, account.pointee.pw_gid) == 0 else {
                throw Failure(description: "chown \(root) failed: \(errno)")
            }
        }
        let cluster = PostgresCluster(root: root, port: 5432)
        do {
            _ = try cluster.runTool(
                "initdb",
                ["-D", cluster.dataDirectory, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync", "--no-locale"]
            )
            _ = try cluster.runTool(
                "pg_ctl",
                [
                    "-D", cluster.dataDirectory, "-l", root + "/server.log", "-w", "-t", "60",
                    "-o", "-c listen_addresses='' -k \(root) -p \(cluster.port) -c fsync=off -c max_connections=50"
                        + (ProcessInfo.processInfo.environment["IK_POSTGRES_OPTIONS"].map { " " + $0 } ?? ""),
                    "start",
                ]
            )
        } catch {
            try? cluster.stop()
            throw error
        }
        return cluster
    }

    /// Stops the server immediately and removes the folder.
    /// - Throws: ``Failure`` when `pg_ctl stop` fails (the folder is removed anyway).
    public func stop() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        if FileManager.default.fileExists(atPath: dataDirectory + "/postmaster.pid") {
            _ = try runTool("pg_ctl", ["-D", dataDirectory, "-m", "immediate", "-w", "stop"])
        }
    }

    /// Restarts the server the hard way (`-m immediate`: no shutdown checkpoint, as after a crash) with the
    /// options it was started with; it recovers from its write-ahead log.
    /// - Throws: ``Failure`` when `pg_ctl restart` fails.
    public func restart() throws {
        _ = try runTool("pg_ctl", ["-D", dataDirectory, "-l", root + "/server.log", "-m", "immediate", "-w", "-t", "60", "restart"])
    }

    /// The `--database-url` of the cluster's socket, for the `inventorykit-server` executable.
    public var databaseURL: String { databaseURL(database: "postgres") }

    /// The `--database-url` of `database` over the cluster's socket, as `user` (trust authentication: no password).
    public func databaseURL(database: String, user: String = "postgres") -> String {
        "postgres://\(user)@/\(database)?host=\(root)&sslmode=disable"
    }

    /// The connection options of PostgreSQL's tools for the cluster's socket: `-h` its folder, `-p` its port,
    /// `-U postgres`.
    public var toolConnectionArguments: [String] { ["-h", root, "-p", "\(port)", "-U", "postgres"] }

    /// A client configuration for `database` over the socket.
    public func configuration(database: String = "postgres") -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            unixSocketPath: "\(root)/.s.PGSQL.\(port)",
            username: "postgres",
            password: nil,
            database: database
        )
        configuration.options.maximumConnections = 12
        return configuration
    }

    /// Runs one of PostgreSQL's tools (`pg_dump`, `pg_restore`, `createdb`, `psql`, …) from ``binDirectory`` to
    /// completion, as `postgres` when the caller is root; returns its output.
    /// - Throws: ``Failure`` when the tool cannot start or exits non-zero.
    @discardableResult
    public func runTool(_ tool: String, _ arguments: [String]) throws -> String {
        let path = Self.binDirectory + "/" + tool
        if getuid() == 0 {
            return try Self.run("/usr/sbin/runuser", ["-u", "postgres", "--", path] + arguments)
        }
        return try Self.run(path, arguments)
    }

    /// Runs a program to completion with `posix_spawn` and `waitpid`, output captured in a file.
    ///
    /// Foundation's `Process.waitUntilExit` was seen to hang here once `pg_ctl` had left a daemon behind, so
    /// the helper reaps its child itself.
    /// - Throws: ``Failure`` when the program cannot start or exits non-zero.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let outputPath = NSTemporaryDirectory() + "ikpg-output-\(UUID().uuidString)"
        defer { unlink(outputPath) }
        let pid = try ChildProcess.spawn(executable, arguments, outputPath: outputPath)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw Failure(description: "waitpid failed: \(errno)") }
        }
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let exitedNormally = status & 0x7F == 0
        let exitCode = (status >> 8) & 0xFF
        guard exitedNormally, exitCode == 0 else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) failed (\(status)): \(text)")
        }
        return text
    }
}

/// Starts a cluster, runs `body`, and stops the cluster whatever happens.
/// - Throws: ``PostgresCluster/Failure`` from starting or stopping; whatever `body` throws.
public func withPostgresCluster<T: Sendable>(_ body: (PostgresCluster) async throws -> T) async throws -> T {
    let cluster = try PostgresCluster.start()
    do {
        let result = try await body(cluster)
        try cluster.stop()
        return result
    } catch {
        try? cluster.stop()
        throw error
    }
}
