import Foundation
import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's swift-log backend: one JSON object a line (`json`) or a readable line (`text`).
///
/// A line holds `time` (ISO 8601, UTC, milliseconds), `level`, `label`, `message`, then the metadata as fields:
/// the logger's, its metadata provider's, the current request's (``RequestScope``: `request_id`, `route`,
/// `household`, `device`) and the call's, later ones winning. A metadata key named like a fixed field is written
/// `metadata.<key>`; a key that names a credential (`authorization`, `cookie`, `token`, `password`) is written
/// `[redacted]`, whatever its value. Strings are escaped as JSON requires (quotes, backslashes, control
/// characters), so one line is always one object.
package struct ServerLogHandler: LogHandler {
    /// How lines are written.
    package enum Format: String, Sendable, CaseIterable {
        /// One JSON object a line.
        case json
        /// `time level label: message key=value …`, for a person at a terminal.
        case text
    }

    /// The handler's format.
    package let format: Format
    /// The logger's label.
    package let label: String
    /// Receives each finished line, without its newline.
    package let output: @Sendable (String) -> Void
    /// The lowest level written.
    package var logLevel: Logger.Level = .info
    /// The logger's own metadata.
    package var metadata: Logger.Metadata = [:]
    /// Contributes metadata to every line (swift-log's task-local hook).
    package var metadataProvider: Logger.MetadataProvider?

    /// Creates a handler; `output` defaults to standard error.
    package init(
        label: String, format: Format, metadataProvider: Logger.MetadataProvider? = nil,
        output: @escaping @Sendable (String) -> Void = ServerLogHandler.writeToStandardError
    ) {
        self.label = label
        self.format = format
        self.metadataProvider = metadataProvider
        self.output = output
    }

    /// One of the logger's metadata values.
    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one line.
    package func log(event: LogEvent) {
        var fields = metadata
        if let provided = metadataProvider?.get() { fields.merge(provided) { $1 } }
        if let scope = RequestScope.current { fields.merge(scope.metadata) { $1 } }
        if let own = event.metadata { fields.merge(own) { $1 } }
        let time = Self.timestamp()
        let line = switch format {
        case .json: jsonLine(time: time, level: event.level, message: "\(event.message)", fields: fields)
        case .text: textLine(time: time, level: event.level, message: "\(event.message)", fields: fields)
        }
        output(line)
    }

    /// Writes `line` and a newline to standard error in one call.
    package static func writeToStandardError(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(2, base + offset, buffer.count - offset)
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    // MARK: - Lines

    private static let fixedFields: Set<String> = ["time", "level", "label", "message"]

    /// Now as `2026-11-27T05:25:40.123Z`, from the C library's calendar (Foundation's formatter costs several
    /// microseconds a line).
    static func timestamp() -> String {
        let now = Date().timeIntervalSince1970
        var seconds = time_t(now.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))"
            + "T\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2))"
            + ".\(padded(Int32((now - now.rounded(.down)) * 1000), 3))Z"
    }

    private func jsonLine(time: String, level: Logger.Level, message: String, fields: Logger.Metadata) -> String {
        var line = "{\"time\":\(Self.json(time)),\"level\":\(Self.json(level.rawValue)),\"label\":\(Self.json(label))"
        line += ",\"message\":\(Self.json(message))"
        for key in fields.keys.sorted() {
            guard let value = fields[key] else { continue }
            let name = Self.fixedFields.contains(key) ? "metadata.\(key)" : key
            line += ",\(Self.json(name)):\(Self.json(Self.isCredential(key) ? .string("[redacted]") : value))"
        }
        return line + "}"
    }

    private func textLine(time: String, level: Logger.Level, message: String, fields: Logger.Metadata) -> String {
        var line = "\(time) \(level.rawValue) \(label): \(message)"
        for key in fields.keys.sorted() {
            guard let value = fields[key] else { continue }
            line += " \(key)=\(Self.isCredential(key) ? "[redacted]" : value.description)"
        }
        return line.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
    }

    /// The words that make a metadata key a credential's, in lower case.
    private static let credentialWords = ["authorization", "cookie", "token", "password"]
    private static let credentialWordBytes = credentialWords.map { Array($0.utf8) }

    /// Whether `key` names a credential: it holds one of ``credentialWords`` in any case. ASCII keys (all of the
    /// server's) are searched byte by byte; others through Unicode lower-casing.
    static func isCredential(_ key: String) -> Bool {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(key.utf8.count)
        for byte in key.utf8 {
            guard byte < 0x80 else {
                let lowered = key.lowercased()
                return credentialWords.contains { lowered.contains($0) }
            }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        return credentialWordBytes.contains { word in
            guard bytes.count >= word.count else { return false }
            return (0...(bytes.count - word.count)).contains { start in
                word.indices.allSatisfy { bytes[start + $0] == word[$0] }
            }
        }
    }

    private static func json(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text): json(text)
        case .stringConvertible(let convertible): json(convertible.description)
        case .array(let values): "[" + values.map { json($0) }.joined(separator: ",") + "]"
        case .dictionary(let entries):
            "{" + entries.keys.sorted().compactMap { key in entries[key].map { "\(json(key)):\(json($0))" } }
                .joined(separator: ",") + "}"
        }
    }

    /// `text` as a JSON string literal.
    static func json(_ text: String) -> String {
        // Most values (ids, routes, numbers) need no escape: one scan of their bytes, one copy.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
            return "\"" + text + "\""
        }
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
