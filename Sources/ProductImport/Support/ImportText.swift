import Foundation

/// Cleans provider text: HTML entities and tags, control characters, whitespace, and the length limit.
enum ImportText {
    /// A one-line text: entities decoded, tags stripped, every run of whitespace one space, trimmed, cut to
    /// `limit` characters (with a warning). Empty results are `nil`.
    static func line(_ raw: String?, field: String, limit: Int, warnings: inout [ImportWarning]) -> String? {
        guard let raw else { return nil }
        // Most provider text is already one clean line: nothing to decode, strip, fold or cut.
        if raw.utf8.count <= limit, isCleanLine(raw) { return raw }
        let decoded = prepared(raw, limit: limit)
        let originalLength = raw.utf8.count > limit * 8 ? raw.count : nil
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in decoded.unicodeScalars {
            if isSpaceOrControl(scalar) {
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
        // A clean line is its own block (no break, entity, tag or stray space): the common case, kept cheap.
        if raw.utf8.count <= limit, isCleanLine(raw) { return raw }
        let prepared = prepared(raw, limit: limit)
        let decoded = prepared.utf8.contains(0x0D) ? prepared.replacingOccurrencesBytewise(of: "\r\n", with: "\n") : prepared
        let originalLength = raw.utf8.count > limit * 8 ? raw.count : nil
        var lines: [String] = []
        var lineCut = false
        // A line feed is always a character of its own (CR LF became LF above), so the bytes split as the
        // characters would.
        for line in decoded.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            var lineWarnings: [ImportWarning] = []
            lines.append(Self.line(String(decoding: line, as: UTF8.self), field: field, limit: limit, warnings: &lineWarnings) ?? "")
            lineCut = lineCut || !lineWarnings.isEmpty
        }
        var text = lines.joined(separator: "\n")
        while hasThreeLineFeeds(text) { text = text.replacingOccurrences(of: "\n\n\n", with: "\n\n") }
        let warningsBefore = warnings.count
        let result = cut(
            text.trimmedText(), field: field, limit: limit,
            originalLength: originalLength, warnings: &warnings)
        // A line cut on its own is the block cut: say so once, with the whole text's length.
        if lineCut, warnings.count == warningsBefore {
            warnings.append(.truncated(field: field, length: max(raw.count, originalLength ?? 0), limit: limit))
        }
        return result
    }

    /// Cleans each text of a list, drops empty and repeated ones, and keeps at most `maximumCount`.
    static func list(
        _ raw: [String], field: String, limits: ImportLimits, warnings: inout [ImportWarning]
    ) -> [String] {
        // A short list is checked for repeats by comparing with what it kept (the same `==` a set uses), a long
        // one through a set: most lists are a few labels or allergens, and hashing them cost more than comparing.
        var seen: Set<String>?
        var result: [String] = []
        for item in raw {
            guard let cleaned = line(item, field: field, limit: limits.maximumTextLength, warnings: &warnings) else {
                continue
            }
            if seen == nil, result.count == Self.listScanLimit {
                var set = Set(result)
                set.reserveCapacity(raw.count)
                seen = set
            }
            if seen != nil {
                guard seen?.insert(cleaned).inserted == true else { continue }
            } else if result.contains(cleaned) {
                continue
            }
            result.append(cleaned)
        }
        if result.count > limits.maximumListCount {
            warnings.append(.truncated(field: field, length: result.count, limit: limits.maximumListCount))
            result = Array(result.prefix(limits.maximumListCount))
        }
        return result
    }

    /// How many kept items a list compares a new one with before it checks repeats through a set instead.
    static let listScanLimit = 8

    /// Whether `line(_:field:limit:warnings:)` would return the text as it is: not empty, no entity or tag, no
    /// leading, trailing or repeated space, and no other whitespace or control character (checked on the UTF-8
    /// bytes: C0 and C1 controls, DEL, and the lead bytes of every non-ASCII White_Space scalar).
    private static func isCleanLine(_ text: String) -> Bool {
        var previousWasSpace = true
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case 0x20:
                if previousWasSpace { return false }
                previousWasSpace = true
            case 0x00..<0x20, 0x7F, UInt8(ascii: "&"), UInt8(ascii: "<"):
                return false
            default:
                previousWasSpace = false
                // U+0080–U+00A0 (C1 controls, NEL, no-break space): C2 80…C2 A0.
                if previous == 0xC2, byte <= 0xA0 { return false }
                // U+1680: E1 9A 80. U+2000–U+200A: E2 80 80…8A. U+2028, U+2029, U+202F: E2 80 A8, A9, AF.
                // U+205F: E2 81 9F. U+3000: E3 80 80.
                switch (beforePrevious, previous, byte) {
                case (0xE1, 0x9A, 0x80), (0xE2, 0x80, 0x80...0x8A), (0xE2, 0x80, 0xA8), (0xE2, 0x80, 0xA9),
                    (0xE2, 0x80, 0xAF), (0xE2, 0x81, 0x9F), (0xE3, 0x80, 0x80):
                    return false
                default: break
                }
            }
            beforePrevious = previous
            previous = byte
        }
        return !previousWasSpace
    }

    /// Whether a line drops the scalar (a run of them becomes one space): Unicode whitespace or a control
    /// character. Within ASCII that is every byte up to the space, and DEL; only the rest asks Unicode's tables.
    static func isSpaceOrControl(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value <= 0x20 || scalar.value == 0x7F }
        return scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }

    /// Whether the text holds three line feeds in a row (checked on its bytes, not through Foundation).
    private static func hasThreeLineFeeds(_ text: String) -> Bool {
        var run = 0
        for byte in text.utf8 {
            run = byte == 0x0A ? run + 1 : 0
            if run == 3 { return true }
        }
        return false
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
