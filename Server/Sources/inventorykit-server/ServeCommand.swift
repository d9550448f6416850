import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore
import SyncServer

/// `serve`: applies missing migrations and serves the API (`/v1`) and the web app (`/`) until SIGTERM or SIGINT,
/// then shuts down gracefully (`/v1/ready` answers 503 for `--drain-seconds`, then in-flight requests get
/// `--shutdown-timeout` seconds to finish).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the sync API and the household web app.",
        discussion: Setting.precedenceHelp
    )

    @Option(name: Setting.host.name, help: Setting.host.help("The address to bind (default 127.0.0.1)."))
    var host: String?
    @Option(name: Setting.port.name, help: Setting.port.help("The port to bind, 0 for a free one (default 8080)."))
    var port: Int?
    @Option(
        name: Setting.maxFailedAuthenticationsPerMinute.name,
        help: Setting.maxFailedAuthenticationsPerMinute.help(
            "Failed authentications one client address may make per minute before it is refused without a lookup "
                + "(default \(SyncLimits().maxFailedAuthenticationsPerMinute)).")
    )
    var maxFailedAuthenticationsPerMinute: Int?
    @Flag(
        name: Setting.secureCookies.name, inversion: .prefixedNo,
        help: Setting.secureCookies.help("Always mark the web app's session cookie Secure (browsers reach the server over TLS).")
    )
    var secureCookies: Bool?
    @Option(
        name: Setting.drainSeconds.name,
        help: Setting.drainSeconds.help("Seconds /v1/ready answers 503 after SIGTERM or SIGINT before the server stops accepting (default \(Self.defaultDrainSeconds.formatted())).")
    )
    var drainSeconds: Double?
    @Option(
        name: Setting.shutdownTimeout.name,
        help: Setting.shutdownTimeout.help("Seconds in-flight requests get to finish once the server stops accepting (default \(Self.defaultShutdownTimeout.formatted())).")
    )
    var shutdownTimeout: Double?
    @Option(
        name: Setting.metricsPort.name,
        help: Setting.metricsPort.help("Serve GET /metrics (Prometheus text format) on this port of the same host (default: none).")
    )
    var metricsPort: Int?
    @Option(
        name: Setting.logFormat.name,
        help: Setting.logFormat.help("Log lines on stderr: json, text, or auto: text on a terminal, json otherwise (default auto).")
    )
    var logFormat: LogFormatOption?
    @Option(
        name: Setting.openFoodFactsURL.name,
        help: Setting.openFoodFactsURL.help("Where the web app's purchase page looks up barcodes the household's catalog does not know, or off (default Open Food Facts' public server).")
    )
    var openFoodFactsURL: String?
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let sources = try database.sources()
        let metrics = ServerMetrics()
        ServerObservability.bootstrap(logFormat: try logFormat(from: sources), metrics: metrics)
        var logger = Logger(label: "inventorykit-server")
        if let level = ProcessInfo.processInfo.environment["INVENTORYKIT_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) {
            logger.logLevel = level
        }
        var configuration = try serverConfiguration(from: sources)
        configuration.database = try await database.reachableURL(from: sources, logger: logger).clientConfiguration
        do {
            try await SyncServerApplication.run(configuration: configuration, logger: logger, metrics: metrics)
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw AddressInUse(host: configuration.host, ports: [configuration.port] + [configuration.metricsPort].compactMap { $0 })
        }
    }
}
