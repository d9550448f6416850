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

    /// The flag's value, else the environment's or the file's parsed by `parse`, with its source; `nil` when no
    /// source sets it.
    /// - Throws: ``ConfigurationError`` naming the source of a text `parse` refuses, which is `expected`.
    func value<Value>(_ setting: Setting, flag: Value?, expected: String, parse: (String) -> Value?)
        throws(ConfigurationError) -> (Value, SettingSource)?
    {
        if let flag { return (flag, .flag(setting)) }
        guard case let (text, source)? = text(of: setting) else { return nil }
        guard let value = parse(text.trimmingCharacters(in: .whitespaces)) else {
            throw ConfigurationError(source, "'\(text)' is not \(expected).")
        }
        return (value, source)
    }

    /// A whole number in `range`.
    /// - Throws: ``ConfigurationError`` naming the source of a value that is not a number or is out of range.
    func integer(_ setting: Setting, flag: Int?, default defaultValue: Int, in range: ClosedRange<Int>)
        throws(ConfigurationError) -> Int
    {
        guard case let (value, source)? = try value(setting, flag: flag, expected: "a whole number", parse: { Int($0) }) else {
            return defaultValue
        }
        guard range.contains(value) else {
            throw ConfigurationError(source, "\(value) is outside \(range.lowerBound)–\(range.upperBound).")
        }
        return value
    }

    /// A number of seconds, at least `minimum` and at most a day.
    /// - Throws: ``ConfigurationError`` naming the source of a value that is not a number or is out of range.
    func seconds(_ setting: Setting, flag: Double?, default defaultValue: Double, minimum: Double)
        throws(ConfigurationError) -> Duration
    {
        let parsed = try value(setting, flag: flag, expected: "a number of seconds") { Double($0).flatMap { $0.isFinite ? $0 : nil } }
        guard case let (value, source)? = parsed else { return .milliseconds(Int64(defaultValue * 1000)) }
        guard value.isFinite, value >= minimum, value <= 86_400 else {
            throw ConfigurationError(source, "\(value) seconds is outside \(minimum.formatted())–86400.")
        }
        return .milliseconds(Int64(value * 1000))
    }

    /// A yes-or-no setting: `true`/`false`, `1`/`0`, `yes`/`no` from the environment or the file.
    /// - Throws: ``ConfigurationError`` naming the source of any other value.
    func boolean(_ setting: Setting, flag: Bool?, default defaultValue: Bool) throws(ConfigurationError) -> Bool {
        let parsed = try value(setting, flag: flag, expected: "true or false") { text -> Bool? in
            switch text.lowercased() {
            case "true", "1", "yes": true
            case "false", "0", "no": false
            default: nil
            }
        }
        return parsed?.0 ?? defaultValue
    }
}
