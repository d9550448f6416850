import ArgumentParser
import SyncServer

extension ServeCommand {
    /// Seconds `/v1/ready` answers 503 before the server stops accepting, unless configured.
    static let defaultDrainSeconds = 5.0
    /// Seconds in-flight requests get to finish, unless configured.
    static let defaultShutdownTimeout = 25.0

    /// The server's configuration from the flags, the environment and the file, in that precedence.
    /// - Throws: ``ConfigurationError`` naming the first bad value's source.
    func serverConfiguration(from sources: ConfigurationSources) throws(ConfigurationError) -> SyncServerConfiguration {
        let url = try database.url(from: sources)
        let metrics = try sources.value(.metricsPort, flag: metricsPort, expected: "a whole number") { Int($0) }
        if let (port, source) = metrics, !(1...65_535).contains(port) {
            throw ConfigurationError(source, "\(port) is outside 1–65535.")
        }
        let limit = try sources.integer(
            .maxFailedAuthenticationsPerMinute, flag: maxFailedAuthenticationsPerMinute,
            default: SyncLimits().maxFailedAuthenticationsPerMinute, in: 1...1_000_000)
        return SyncServerConfiguration(
            host: sources.string(.host, flag: host, default: "127.0.0.1"),
            port: try sources.integer(.port, flag: port, default: 8080, in: 0...65_535),
            database: url.clientConfiguration,
            limits: SyncLimits(maxFailedAuthenticationsPerMinute: limit),
            secureCookies: try sources.boolean(.secureCookies, flag: secureCookies, default: false),
            drainDuration: try sources.seconds(.drainSeconds, flag: drainSeconds, default: Self.defaultDrainSeconds, minimum: 0),
            shutdownTimeout: try sources.seconds(
                .shutdownTimeout, flag: shutdownTimeout, default: Self.defaultShutdownTimeout, minimum: 0.1),
            metricsPort: metrics?.0,
            openFoodFacts: try openFoodFacts(from: sources)
        )
    }

    /// The Open Food Facts lookup from the flag, the environment or the file: its public server unless configured,
    /// none for `off` or an empty value.
    /// - Throws: ``ConfigurationError`` naming the source of a value that is neither `off` nor an http(s) URL.
    func openFoodFacts(from sources: ConfigurationSources) throws(ConfigurationError) -> OpenFoodFactsLookupSettings? {
        guard case let (text, source)? = sources.sourced(.openFoodFactsURL, flag: openFoodFactsURL) else {
            return OpenFoodFactsLookupSettings.publicURL.map(OpenFoodFactsLookupSettings.init(baseURL:))
        }
        switch OpenFoodFactsLookupSettings.choice(from: text) {
        case .disabled?: return nil
        case .server(let url)?: return OpenFoodFactsLookupSettings(baseURL: url)
        case nil: throw ConfigurationError(source, "'\(text)' is not off or an http(s) URL.")
        }
    }

    /// The log format from the flag, the environment or the file; `auto` unless configured.
    /// - Throws: ``ConfigurationError`` naming the source of a value other than `json`, `text` or `auto`.
    func logFormat(from sources: ConfigurationSources) throws(ConfigurationError) -> LogFormatOption {
        try sources.value(.logFormat, flag: logFormat, expected: "json, text or auto") { LogFormatOption(rawValue: $0) }?.0
            ?? .auto
    }
}
