import Foundation

/// Cleans provider text: HTML entities and tags, control characters, whitespace, and the length limit.
enum ImportText {
    /// A one-line text: entities decoded, tags stripped, every run of whitespace one space, trimmed, cut to
    /// `limit` characters (with a warning). Empty results are `nil`.
    static func line(_ raw: String?, field: String, limit: Int, warnings: inout [ImportWarning]) -> String? {
        guard let raw else { return nil }
        let decoded = prepared(raw, limit: limit)
        let originalLength = raw.utf8.count > limit * 8 ? raw.count : nil
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in decoded.unicodeScalars {
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                pendingSpace = !scalars.isEmpty
                continue
            }
            if pendingSpace {
                scalars.append(" ")
                pendingSpace = false
            }
            scalars.append(scalar)
        }
        return cut(String(scalars), field: field, limit: limit, originalLength: originalLength, warnings: &warnings)
    }

    /// A multi-line text: like `line(_:field:limit:warnings:)` but line breaks are kept (as `\n`, at most two
    /// in a row).
    static func block(_ raw: String?, field: String, limit: Int, warnings: inout [ImportWarning]) -> String? {
        guard let raw else { return nil }
        let decoded = prepared(raw, limit: limit).replacingOccurrences(of: "\r\n", with: "\n")
        let originalLength = raw.utf8.count > limit * 8 ? raw.count : nil
        var lines: [String] = []
        for line in decoded.split(separator: "\n", omittingEmptySubsequences: false) {
            var ignored: [ImportWarning] = []
            lines.append(Self.line(String(line), field: field, limit: limit, warnings: &ignored) ?? "")
        }
        var text = lines.joined(separator: "\n")
        while text.contains("\n\n\n") { text = text.replacingOccurrences(of: "\n\n\n", with: "\n\n") }
        return cut(
            text.trimmingCharacters(in: .whitespacesAndNewlines), field: field, limit: limit,
            originalLength: originalLength, warnings: &warnings)
    }

    /// Cleans each text of a list, drops empty and repeated ones, and keeps at most `maximumCount`.
    static func list(
        _ raw: [String], field: String, limits: ImportLimits, warnings: inout [ImportWarning]
    ) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for item in raw {
            guard let cleaned = line(item, field: field, limit: limits.maximumTextLength, warnings: &warnings),
                seen.insert(cleaned).inserted
            else { continue }
            result.append(cleaned)
        }
        if result.count > limits.maximumListCount {
            warnings.append(.truncated(field: field, length: result.count, limit: limits.maximumListCount))
            result = Array(result.prefix(limits.maximumListCount))
        }
        return result
    }

    /// The text with entities decoded and tags stripped; a huge input is cut first so cleaning stays cheap.
    private static func prepared(_ raw: String, limit: Int) -> String {
        let bounded = raw.utf8.count > limit * 8 ? String(raw.prefix(limit * 4)) : raw
        return HTMLEntities.decode(HTMLEntities.stripTags(bounded))
    }

    private static func cut(
        _ text: String, field: String, limit: Int, originalLength: Int? = nil, warnings: inout [ImportWarning]
    ) -> String? {
        guard !text.isEmpty else { return nil }
        guard text.utf8.count > limit else { return text }
        let length = text.count
        guard length > limit else { return text }
        warnings.append(.truncated(field: field, length: max(length, originalLength ?? 0), limit: limit))
        return String(text.prefix(limit)).trimmingCharacters(in: .whitespaces)
    }
}
