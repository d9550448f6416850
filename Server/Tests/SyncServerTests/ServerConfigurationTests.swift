import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import ThrowawayPostgres

/// The executable's configuration: flags beat environment variables, which beat the `--config` file; each bad
/// value is one line on standard error naming where it came from, and exit status 64.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct ServerConfigurationTests {
    @Test func aFlagBeatsItsEnvironmentVariableWhichBeatsTheConfigFile() async throws {
        try await withPostgresCluster { cluster in
            let (filePort, environmentPort, flagPort) = try (
                ServerProcess.freeLoopbackPort(), ServerProcess.freeLoopbackPort(), ServerProcess.freeLoopbackPort()
            )
            // The database URL comes from the file only, so every run also proves the file was read.
            let file = try Self.configFile("""
                # the server's configuration
                database-url = "\(cluster.databaseURL)"
                host = 127.0.0.1
                port = \(filePort)
                drain-seconds = 0
                """)
            defer { unlink(file) }
            let environment = ["INVENTORYKIT_PORT": "\(environmentPort)"]
            let runs: [(arguments: [String], environment: [String: String], port: Int)] = [
                (["serve", "--config", file, "--port", "\(flagPort)"], environment, flagPort),
                (["serve", "--config", file], environment, environmentPort),
                (["serve"], ["INVENTORYKIT_CONFIG": file], filePort),
            ]
            for run in runs {
                let server = try await ServerProcess.launch(run.arguments, environment: run.environment, expectingPort: run.port)
                #expect(try await server.firstReadiness() == .ok, "serving on \(run.port)")
                server.kill()
            }
        }
    }

    @Test func eachBadConfigurationIsOneLineNamingItsSourceAndExitsWith64() async throws {
        let unknownKey = try Self.configFile("database-url = postgres://app@127.0.0.1/db\nprot = 8080\n")
        let badNumber = try Self.configFile("database-url = postgres://app@127.0.0.1/db\nshutdown-timeout = soon\n")
        defer { unlink(unknownKey); unlink(badNumber) }
        let url = "postgres://app@127.0.0.1:1/db"
        let cases: [(arguments: [String], environment: [String: String], names: String)] = [
            (["serve", "--database-url", url, "--port", "70000"], [:], "--port: 70000 is outside 0–65535"),
            (["serve", "--database-url", url], ["INVENTORYKIT_PORT": "eighty"], "INVENTORYKIT_PORT: 'eighty' is not a whole number"),
            (["serve", "--database-url", url], ["INVENTORYKIT_DRAIN_SECONDS": "-1"], "INVENTORYKIT_DRAIN_SECONDS: -1.0 seconds"),
            (["serve", "--config", unknownKey], [:], "\(unknownKey): prot: unknown key"),
            (["serve", "--config", badNumber], [:], "\(badNumber): shutdown-timeout: 'soon' is not a number of seconds"),
            (["serve", "--database-url", "not a url"], [:], "--database-url: The database URL is not a URL"),
            (["migrate"], ["INVENTORYKIT_DATABASE_URL": "mysql://app@db/x"], "INVENTORYKIT_DATABASE_URL: The database URL must start with postgres://"),
            (["migrate", "--database-url", "postgres://app@db:99999/x"], [:], "--database-url: The database URL's port 99999"),
            (["household", "create", "Home"], [:], "No database URL"),
            (["device", "add", UUID().uuidString, "--config", "/nonexistent/inventorykit.conf"], [:], "/nonexistent/inventorykit.conf: cannot read"),
            (["serve", "--database-url", url, "--port", "eighty"], [:], "--port"),
            (["serve", "--database-url", url, "--metrics-port", "0"], [:], "--metrics-port: 0 is outside 1–65535"),
            (["serve", "--database-url", url], ["INVENTORYKIT_METRICS_PORT": "many"], "INVENTORYKIT_METRICS_PORT: 'many' is not a whole number"),
            (["serve", "--database-url", url], ["INVENTORYKIT_LOG_FORMAT": "xml"], "INVENTORYKIT_LOG_FORMAT: 'xml' is not json, text or auto"),
            (["serve", "--database-url", url, "--open-food-facts-url", "ftp://mirror"], [:], "--open-food-facts-url: 'ftp://mirror' is not off or an http(s) URL"),
            (["serve", "--database-url", url], ["INVENTORYKIT_OPEN_FOOD_FACTS_URL": "nowhere"], "INVENTORYKIT_OPEN_FOOD_FACTS_URL: 'nowhere' is not off or an http(s) URL"),
        ]
        for bad in cases {
            let run = try await CommandRun.run(bad.arguments, environment: bad.environment)
            let command = bad.arguments.joined(separator: " ")
            #expect(run.status == 64, "\(command): \(run.error)")
            #expect(run.errorLines.count == 1, "\(command): \(run.error)")
            #expect(run.error.contains(bad.names), "\(command): \(run.error)")
            #expect(run.output.isEmpty, "\(command)")
        }
    }

    static func configFile(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "inventorykit-\(UUID().uuidString).conf"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
