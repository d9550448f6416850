import ArgumentParser
import Hummingbird
import Logging
import SyncServer

/// `serve`: applies missing migrations and serves the API until SIGTERM or SIGINT.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Serve the sync API.")

    @Option(help: "The address to bind.") var host: String = "127.0.0.1"
    @Option(help: "The port to bind.") var port: Int = 8080
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let logger = Logger(label: "inventorykit-server")
        let app = SyncServerApplication.build(
            configuration: SyncServerConfiguration(host: host, port: port, database: try database.configuration()),
            logger: logger
        )
        try await app.runService()
    }
}
