import Foundation

/// The `--config` file: one `key = value` a line, keys being the long names of ``Setting``s, `#` starting a
/// comment line, blank lines ignored; a value may be put in double quotes.
struct ConfigurationFile: Sendable {
    /// The path it was read from, named in errors.
    let path: String
    /// Its values by setting.
    let values: [Setting: String]

    /// Reads and parses the file at `path`.
    /// - Throws: ``ConfigurationError`` for an unreadable file, a line that is not `key = value`, an unknown or a
    ///   repeated key.
    init(path: String) throws(ConfigurationError) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigurationError("\(path): cannot read the configuration file (\(Self.reason(error))).")
        }
        var values: [Setting: String] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw ConfigurationError("\(path): line \(index + 1) is not \"key = value\".")
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            guard let setting = Setting(rawValue: key) else {
                let known = Setting.allCases.map(\.fileKey).joined(separator: ", ")
                throw ConfigurationError("\(path): \(key): unknown key (known keys: \(known)).")
            }
            guard values[setting] == nil else { throw ConfigurationError(.file(path: path, setting), "set twice.") }
            values[setting] = value
        }
        self.path = path
        self.values = values
    }

    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return (error as NSError).localizedDescription
    }
}
