import ArgumentParser
import Logging
import PostgresNIO
import SyncServer

/// The `--database-url` option every subcommand shares.
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .customLong("database-url"),
        help: "postgres://user[:password]@host[:port]/database[?sslmode=disable][&host=/socket/dir]"
    )
    var databaseURL: String

    /// The parsed client configuration.
    func configuration() throws -> PostgresClient.Configuration {
        do {
            return try DatabaseURL.configuration(from: databaseURL)
        } catch let error as DatabaseURL.ParseError {
            throw ValidationError(error.description)
        }
    }

    /// Runs `body` with a running client and a store over it.
    func withStore<Result: Sendable>(
        logger: Logger,
        _ body: @Sendable (PostgresClient, PostgresSyncStore) async throws -> Result
    ) async throws -> Result {
        try await PostgresClient.withRunningClient(configuration: configuration(), logger: logger) { client in
            try await body(client, PostgresSyncStore(client: client, logger: logger))
        }
    }
}
