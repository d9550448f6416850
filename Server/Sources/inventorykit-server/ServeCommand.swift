import ArgumentParser
import Foundation
import Hummingbird
import Logging
import SyncServer

/// `serve`: applies missing migrations and serves the API (`/v1`) and the web app (`/`) until SIGTERM or SIGINT.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Serve the sync API and the household web app.")

    @Option(help: "The address to bind.") var host: String = "127.0.0.1"
    @Option(help: "The port to bind.") var port: Int = 8080
    @Option(
        name: .customLong("max-failed-authentications-per-minute"),
        help: "Failed authentications one client address may make per minute before it is refused without a lookup."
    )
    var maxFailedAuthenticationsPerMinute: Int = SyncLimits().maxFailedAuthenticationsPerMinute
    @Flag(help: "Always mark the web app's session cookie Secure (browsers reach the server over TLS).")
    var secureCookies = false
    @Option(help: "Serve GET /metrics (Prometheus text format) on this port of the same host; off when not given.")
    var metricsPort: Int?
    @Option(help: "Log lines on stderr: json (one object a line), text, or auto (text on a terminal, json otherwise).")
    var logFormat: LogFormatOption = .auto
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard maxFailedAuthenticationsPerMinute >= 1 else {
            throw ValidationError("--max-failed-authentications-per-minute must be at least 1.")
        }
    }

    func run() async throws {
        let metrics = ServerMetrics()
        ServerObservability.bootstrap(logFormat: logFormat, metrics: metrics)
        var logger = Logger(label: "inventorykit-server")
        if let level = ProcessInfo.processInfo.environment["INVENTORYKIT_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) {
            logger.logLevel = level
        }
        let app = SyncServerApplication.build(
            configuration: SyncServerConfiguration(
                host: host, port: port, database: try database.configuration(),
                limits: SyncLimits(maxFailedAuthenticationsPerMinute: maxFailedAuthenticationsPerMinute),
                secureCookies: secureCookies, metricsPort: metricsPort),
            logger: logger,
            metrics: metrics
        )
        try await app.runService()
    }
}
