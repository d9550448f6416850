/// Configuration the command cannot use: one line naming where the bad value came from; the command exits 64
/// (`EX_USAGE`).
struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    /// The sentence, its source first.
    let description: String

    /// The exit status of a command with bad configuration.
    static let exitStatus: Int32 = 64

    /// A bad value from `source`.
    init(_ source: SettingSource, _ problem: String) {
        description = "\(source): \(problem)"
    }

    /// A problem with no single source (a missing setting, an unreadable file).
    init(_ sentence: String) {
        description = sentence
    }
}
