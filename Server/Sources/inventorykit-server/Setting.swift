import ArgumentParser
import Foundation

/// A setting of the command line that can also come from the environment or the `--config` file.
///
/// Naming rule: the flag `--some-name` is the environment variable `INVENTORYKIT_SOME_NAME` and the file key
/// `some-name`. A new option gets a case here, and with it its variable and key.
enum Setting: String, CaseIterable, Sendable {
    case databaseURL = "database-url"
    case host
    case port
    case maxFailedAuthenticationsPerMinute = "max-failed-authentications-per-minute"
    case secureCookies = "secure-cookies"
    case drainSeconds = "drain-seconds"
    case shutdownTimeout = "shutdown-timeout"
    case metricsPort = "metrics-port"
    case logFormat = "log-format"
    case openFoodFactsURL = "open-food-facts-url"

    /// The environment variable naming the `--config` file (the file cannot name itself).
    static let configFileVariable = "INVENTORYKIT_CONFIG"

    /// `--some-name`.
    var flag: String { "--" + rawValue }

    /// `INVENTORYKIT_SOME_NAME`.
    var environmentVariable: String { Self.environmentVariable(for: rawValue) }

    /// The key in a `--config` file: the flag without its dashes.
    var fileKey: String { rawValue }

    /// The option's long name, for `@Option(name:)`.
    var name: NameSpecification { .customLong(rawValue) }

    /// `text` followed by where else the setting may come from, for `--help`.
    func help(_ text: String) -> ArgumentHelp {
        ArgumentHelp("\(text) (env \(environmentVariable), file key \(fileKey))")
    }

    /// `INVENTORYKIT_` and the long name in capitals, dashes as underscores.
    static func environmentVariable(for longName: String) -> String {
        "INVENTORYKIT_" + longName.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    /// The precedence, for the commands' `--help`.
    static let precedenceHelp = """
        An option whose help names an "env" variable may also come from that environment variable or from the \
        file of --config (or INVENTORYKIT_CONFIG): one "key = value" a line, keys being the options' long names, \
        "#" starting a comment. A flag beats its environment variable, which beats the file, which beats the default.
        """
}
