import Foundation
import Logging
import PostgresNIO
import SyncServer
import Testing
import ThrowawayPostgres

/// What each subcommand prints when it fails: one line on standard error, within seconds, with an exit status
/// that says what kind of failure it was (65 an id naming nothing, 69 no database).
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct CommandFailureTests {
    /// Every subcommand that reaches the database, with valid arguments.
    static func subcommands(household: String = UUID().uuidString) -> [[String]] {
        [
            ["serve", "--host", "127.0.0.1", "--port", "0"], ["migrate"], ["household", "create", "Home"],
            ["device", "add", household], ["device", "revoke", UUID().uuidString],
            ["feed", "add", household], ["feed", "revoke", household, UUID().uuidString], ["feed", "list", household],
            ["member", "invite", household, "--name", "Ada"], ["member", "list", household],
            ["member", "revoke", household, UUID().uuidString], ["compact"],
        ]
    }

    @Test func aClosedPortIsOneLineNamingHostAndPortWithin10SecondsAndExits69() async throws {
        try await CommandRun.warmUp()
        let port = try ServerProcess.freeLoopbackPort()
        let url = "postgres://app:secret@127.0.0.1:\(port)/inventory?sslmode=disable"
        for arguments in Self.subcommands() {
            let run = try await CommandRun.run(arguments + ["--database-url", url], timeout: .seconds(20))
            let command = arguments.joined(separator: " ")
            #expect(run.status == DatabaseUnavailable.exitStatus, "\(command): \(run.error)")
            #expect(run.errorLines == ["Error: " + DatabaseUnavailable.refused(.tcp(host: "127.0.0.1", port: port)).description], "\(command)")
            #expect(run.elapsed < .seconds(10), "\(command)")
            #expect(!run.error.contains("secret"), "\(command)")
        }
        // The same URL from the environment.
        let fromEnvironment = try await CommandRun.run(["migrate"], environment: ["INVENTORYKIT_DATABASE_URL": url])
        #expect(fromEnvironment.status == DatabaseUnavailable.exitStatus)
        #expect(fromEnvironment.errorLines.count == 1)
    }

    @Test func aPortThatAcceptsButNeverAnswersTimesOutWithin10SecondsAndExits69() async throws {
        // Listening without ever accepting: the kernel completes the handshake and nothing answers the startup.
        try await CommandRun.warmUp()
        let (fd, port) = try ServerProcess.boundLoopbackSocket()
        defer { close(fd) }
        #expect(listen(fd, 16) == 0)
        let url = "postgres://app@127.0.0.1:\(port)/inventory?sslmode=disable"
        for arguments in [["serve", "--port", "0"], ["household", "create", "Home"]] {
            let run = try await CommandRun.run(arguments + ["--database-url", url], timeout: .seconds(20))
            let command = arguments.joined(separator: " ")
            #expect(run.status == DatabaseUnavailable.exitStatus, "\(command): \(run.error)")
            #expect(run.errorLines == ["Error: " + DatabaseUnavailable.timedOut(.tcp(host: "127.0.0.1", port: port), seconds: 5).description], "\(command)")
            #expect(run.elapsed < .seconds(10), "\(command)")
        }
    }

    @Test func aWrongDatabaseUserOrPasswordIsOneLineSayingWhatToCheckAndExits69() async throws {
        try await withPostgresCluster { cluster in
            try await CommandRun.warmUp()
            try await Self.addPasswordRole(to: cluster)
            let socket = "?host=\(cluster.root)&sslmode=disable"
            let cases: [(url: String, says: String)] = [
                ("postgres://postgres@/nosuchdb\(socket)", "has no database 'nosuchdb'. Check the database name"),
                ("postgres://nosuchrole@/postgres\(socket)", "refused user 'nosuchrole'"),
                ("postgres://app:wrong@/postgres\(socket)", "refused user 'app': password authentication failed"),
            ]
            for bad in cases {
                for arguments in [["migrate"], ["serve", "--port", "0"], ["household", "create", "Home"]] {
                    let run = try await CommandRun.run(arguments + ["--database-url", bad.url], timeout: .seconds(20))
                    let command = arguments.joined(separator: " ")
                    #expect(run.status == DatabaseUnavailable.exitStatus, "\(command) \(bad.url): \(run.error)")
                    #expect(run.errorLines.count == 1, "\(command) \(bad.url): \(run.error)")
                    #expect(run.error.contains(bad.says), "\(command) \(bad.url): \(run.error)")
                    #expect(run.error.contains("socket \(cluster.root)/.s.PGSQL.5432"), "\(command): \(run.error)")
                    #expect(run.elapsed < .seconds(10), "\(command)")
                    #expect(!run.error.contains("wrong"), "\(command): the password is never printed")
                }
            }
            // The right password works, and a command that works logs no warning (its migrations are info).
            let good = try await CommandRun.run(["migrate", "--database-url", "postgres://app:right@/postgres\(socket)"])
            #expect(good.status == 0, "\(good.error)")
            #expect(good.output.contains("0001_households_devices"))
            #expect(!good.error.contains(" warning "), "\(good.error)")
        }
    }

    @Test func serveOnAnAddressInUseIsOneLineSayingSoAndExits69() async throws {
        try await withPostgresCluster { cluster in
            // Something already listens on the port: a socket bound and listening on loopback.
            let taken = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(taken) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                    bind(taken, socketAddress, length) == 0 && listen(taken, 1) == 0
                        && getsockname(taken, socketAddress, &length) == 0
                }
            }
            try #require(bound)
            let port = Int(UInt16(bigEndian: address.sin_port))
            let run = try await CommandRun.run(
                ["serve", "--host", "127.0.0.1", "--port", String(port), "--database-url", cluster.databaseURL],
                timeout: .seconds(30))
            #expect(run.status == 69, "\(run.error)")
            #expect(run.errorLines.last == "Error: " + AddressInUseText.line(port: port), "\(run.error)")
            #expect(!run.error.contains("errno") && !run.error.contains("bind("), "\(run.error)")
        }
    }

    /// The line `serve` prints for a port in use (the executable's `AddressInUse`).
    enum AddressInUseText {
        static func line(port: Int) -> String {
            "Cannot listen on 127.0.0.1:\(port): another server or program already listens there. "
                + "Stop it, or choose another port with --port (or INVENTORYKIT_PORT)."
        }
    }

    @Test func eachSubcommandOnAnErasedHouseholdOrAnUnknownIDIsOneLine() async throws {
        try await withSeededCluster { cluster, store, household, _ in
            try await store.erase(household)
            let erased = household.description
            let url = ["--database-url", cluster.databaseURL]
            let live = try await CommandRun.run(["household", "create", "Live"] + url)
            #expect(live.status == 0)
            #expect(live.error.isEmpty, "no PostgresNIO warning: \(live.error)")
            let liveHousehold = live.output.trimmingCharacters(in: .whitespacesAndNewlines)
            let unknown = UUID().uuidString.lowercased()
            let cases: [(arguments: [String], status: Int32, line: String)] = [
                (["device", "add", erased], 65, "No household \(erased) on this server (it does not exist or was erased)."),
                (["feed", "add", erased], 65, "No household \(erased) on this server"),
                (["feed", "list", erased], 65, "No household \(erased) on this server"),
                (["feed", "revoke", erased, unknown], 65, "No household \(erased) on this server"),
                (["member", "invite", erased, "--name", "Ada"], 65, "No household \(erased) on this server"),
                (["member", "list", erased], 65, "No household \(erased) on this server"),
                (["member", "revoke", erased, unknown], 65, "No household \(erased) on this server"),
                (["device", "revoke", unknown], 65, "No device \(unknown) on this server."),
                (["feed", "revoke", liveHousehold, unknown], 65, "No calendar feed \(unknown) in this household."),
                (["member", "revoke", liveHousehold, unknown], 65, "No member \(unknown) in this household."),
                (["device", "add", "not-a-uuid"], 64, "HOUSEHOLD 'not-a-uuid' is not a UUID"),
                (["feed", "revoke", liveHousehold, "feed-1"], 64, "FEED_ID 'feed-1' is not a UUID"),
                (["member", "revoke", liveHousehold, "7"], 64, "MEMBER_ID '7' is not a UUID"),
                (["device", "revoke", "x"], 64, "DEVICE 'x' is not a UUID"),
            ]
            for failing in cases {
                let run = try await CommandRun.run(failing.arguments + url)
                let command = failing.arguments.joined(separator: " ")
                #expect(run.status == failing.status, "\(command): \(run.error)")
                #expect(run.errorLines.count == 1, "\(command): \(run.error)")
                #expect(run.error.hasPrefix("Error: " + failing.line), "\(command): \(run.error)")
                #expect(run.output.isEmpty, "\(command): \(run.output)")
            }
        }
    }

    /// Adds the role `app` with password `right`, which must sign in with it over the socket.
    static func addPasswordRole(to cluster: PostgresCluster) async throws {
        let logger = ServerProcessTests.logger
        try await PostgresClient.withRunningClient(configuration: cluster.configuration(), logger: logger) { client in
            try await client.query("CREATE ROLE app LOGIN SUPERUSER PASSWORD 'right'", logger: logger)
            let hba = cluster.dataDirectory + "/pg_hba.conf"
            let rules = try String(contentsOfFile: hba, encoding: .utf8)
            try ("local all app scram-sha-256\n" + rules).write(toFile: hba, atomically: false, encoding: .utf8)
            try await client.query("SELECT pg_reload_conf()", logger: logger)
        }
        try await Task.sleep(for: .milliseconds(300))  // the postmaster rereads pg_hba.conf on SIGHUP
    }
}
