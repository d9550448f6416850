import PostgresNIO

/// Everything needed to build the server application.
package struct SyncServerConfiguration: Sendable {
    /// The address to bind, for example `127.0.0.1`.
    package var host: String
    /// The port to bind; `0` picks a free one.
    package var port: Int
    /// How to reach PostgreSQL.
    package var database: PostgresClient.Configuration
    /// Input bounds.
    package var limits: SyncLimits
    /// Whether to apply missing migrations before serving.
    package var migrateOnStart: Bool
    /// Whether the web app's session cookie is always `Secure` (serve behind TLS). Without it, the cookie is
    /// `Secure` when the request says it came over TLS (`X-Forwarded-Proto: https`).
    package var secureCookies: Bool
    /// How long `/v1/ready` answers 503 after SIGTERM or SIGINT before the server stops accepting (see
    /// ``ReadinessDrain``).
    package var drainDuration: Duration
    /// How long in-flight requests may take to finish once the server stops accepting; after it they are cancelled.
    package var shutdownTimeout: Duration
    /// The port `GET /metrics` is served on, on ``host``; `nil` (the default) serves no metrics.
    package var metricsPort: Int?
    /// Where the web app's purchase page looks up barcodes the household's catalog never held; `nil` (the default)
    /// looks nothing up. `serve` sets Open Food Facts' public server unless told otherwise.
    package var openFoodFacts: OpenFoodFactsLookupSettings?

    /// Creates a configuration.
    package init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        database: PostgresClient.Configuration,
        limits: SyncLimits = SyncLimits(),
        migrateOnStart: Bool = true,
        secureCookies: Bool = false,
        drainDuration: Duration = .seconds(5),
        shutdownTimeout: Duration = .seconds(25),
        metricsPort: Int? = nil,
        openFoodFacts: OpenFoodFactsLookupSettings? = nil
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.limits = limits
        self.migrateOnStart = migrateOnStart
        self.secureCookies = secureCookies
        self.drainDuration = drainDuration
        self.shutdownTimeout = shutdownTimeout
        self.metricsPort = metricsPort
        self.openFoodFacts = openFoodFacts
    }
}
