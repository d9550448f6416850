import ArgumentParser
import Logging
import PostgresNIO
import SyncServer

/// The options every subcommand shares: `--database-url` and `--config`.
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: Setting.databaseURL.name,
        help: Setting.databaseURL.help(
            "postgres://user[:password]@host[:port]/database[?sslmode=disable][&host=/socket/dir]; required")
    )
    var databaseURL: String?

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "A file of \"key = value\" lines setting any option marked env (env \(Setting.configFileVariable)).",
            valueName: "file")
    )
    var config: String?

    /// The environment and the `--config` file.
    /// - Throws: ``ConfigurationError`` when the file cannot be read or parsed.
    func sources() throws(ConfigurationError) -> ConfigurationSources {
        try ConfigurationSources.load(configPath: config)
    }

    /// The database URL from the flag, the environment or the file.
    /// - Throws: ``ConfigurationError`` when none sets it or it does not parse.
    func url(from sources: ConfigurationSources) throws(ConfigurationError) -> DatabaseURL {
        guard case let (text, source)? = sources.sourced(.databaseURL, flag: databaseURL) else {
            throw ConfigurationError(
                "No database URL: pass --database-url, set INVENTORYKIT_DATABASE_URL, or put database-url in the "
                    + "--config file.")
        }
        do {
            return try DatabaseURL(text)
        } catch {
            throw ConfigurationError(source, error.description)
        }
    }

    /// The database URL, once one connection to it has worked.
    /// - Throws: ``ConfigurationError``, or ``DatabaseUnavailable`` saying what to check.
    func reachableURL(from sources: ConfigurationSources, logger: Logger) async throws -> DatabaseURL {
        let url = try url(from: sources)
        try await DatabaseProbe.check(url, logger: logger)
        return url
    }

    /// Runs `body` with a running client and a store over it, once the database answered.
    /// - Throws: ``ConfigurationError``, ``DatabaseUnavailable``, or what `body` throws.
    func withStore<Result: Sendable>(
        logger: Logger,
        _ body: @Sendable (PostgresClient, PostgresSyncStore) async throws -> Result
    ) async throws -> Result {
        let url = try await reachableURL(from: try sources(), logger: logger)
        return try await PostgresClient.withRunningClient(configuration: url.clientConfiguration, logger: logger) { client in
            try await body(client, PostgresSyncStore(client: client, logger: logger))
        }
    }
}
