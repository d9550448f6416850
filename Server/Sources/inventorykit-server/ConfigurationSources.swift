import Foundation

/// The environment and the optional `--config` file, consulted for each ``Setting`` after its flag: a flag beats
/// its environment variable, which beats the file, which beats the default.
struct ConfigurationSources: Sendable {
    /// The process's environment.
    let environment: [String: String]
    /// The `--config` file, if one was named.
    let file: ConfigurationFile?

    /// The sources of this process: its environment and the file of `configPath`, else of `INVENTORYKIT_CONFIG`.
    /// - Throws: ``ConfigurationError`` when the file cannot be read or parsed.
    static func load(configPath: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(ConfigurationError) -> ConfigurationSources
    {
        let variable = environment[Setting.configFileVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard let path = configPath ?? variable else { return ConfigurationSources(environment: environment, file: nil) }
        return ConfigurationSources(environment: environment, file: try ConfigurationFile(path: path))
    }

    /// The text of `setting` from the environment or the file, with where it came from.
    func text(of setting: Setting) -> (String, SettingSource)? {
        if let value = environment[setting.environmentVariable] { return (value, .environment(setting)) }
        if let file, let value = file.values[setting] { return (value, .file(path: file.path, setting)) }
        return nil
    }

    /// A text setting: the flag's value, else the environment's or the file's, else `defaultValue`.
    func string(_ setting: Setting, flag: String?, default defaultValue: String) -> String {
        flag ?? text(of: setting)?.0 ?? defaultValue
    }

    /// A text setting and its source, or `nil` when no source sets it.
    func sourced(_ setting: Setting, flag: String?) -> (String, SettingSource)? {
        if let flag { return (flag, .flag(setting)) }
        return text(of: setting)
    }

    /// A whole number in `range`.
    /// - Throws: ``ConfigurationError`` naming the source of a value that is not a number or is out of range.
    func integer(_ setting: Setting, flag: Int?, default defaultValue: Int, in range: ClosedRange<Int>)
        throws(ConfigurationError) -> Int
    {
        let value: Int
        let source: SettingSource
        if let flag {
            value = flag
            source = .flag(setting)
        } else if case let (text, textSource)? = text(of: setting) {
            guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw ConfigurationError(textSource, "'\(text)' is not a whole number.")
            }
            value = number
            source = textSource
        } else {
            return defaultValue
        }
        guard range.contains(value) else {
            throw ConfigurationError(source, "\(value) is outside \(range.lowerBound)–\(range.upperBound).")
        }
        return value
    }

    /// A number of seconds, at least `minimum`.
    /// - Throws: ``ConfigurationError`` naming the source of a value that is not a number or is too small.
    func seconds(_ setting: Setting, flag: Double?, default defaultValue: Double, minimum: Double)
        throws(ConfigurationError) -> Duration
    {
        let value: Double
        let source: SettingSource
        if let flag {
            value = flag
            source = .flag(setting)
        } else if case let (text, textSource)? = text(of: setting) {
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
                throw ConfigurationError(textSource, "'\(text)' is not a number of seconds.")
            }
            value = number
            source = textSource
        } else {
            return .milliseconds(Int64(defaultValue * 1000))
        }
        guard value.isFinite, value >= minimum, value <= 86_400 else {
            throw ConfigurationError(source, "\(value) seconds is outside \(minimum.formatted())–86400.")
        }
        return .milliseconds(Int64(value * 1000))
    }

    /// A yes-or-no setting: `true`/`false`, `1`/`0`, `yes`/`no` from the environment or the file.
    /// - Throws: ``ConfigurationError`` naming the source of any other value.
    func boolean(_ setting: Setting, flag: Bool?, default defaultValue: Bool) throws(ConfigurationError) -> Bool {
        if let flag { return flag }
        guard case let (text, source)? = text(of: setting) else { return defaultValue }
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw ConfigurationError(source, "'\(text)' is not true or false.")
        }
    }
}
