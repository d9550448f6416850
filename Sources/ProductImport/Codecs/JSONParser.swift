import Foundation

/// A small, strict RFC 8259 JSON parser producing `JSONValue`s.
///
/// The kit parses provider payloads itself rather than through `JSONDecoder` so that parsing is the same on every
/// platform, a nesting bomb is refused (`maximumDepth`), and an error names the byte offset where the text
/// stopped being JSON.
///
/// One grammar serves three ways of reading a value (``Reading``): building it, skipping it (validated byte by
/// byte, nothing built), and building an object with only the members a ``JSONMemberFilter`` names
/// (`JSONParser+Filtering.swift`). As the three share every check, a text fails at the same offset with the same
/// reason however it is read.
struct JSONParser {
    /// Why a text is not JSON.
    struct Failure: Error, Equatable, CustomStringConvertible {
        /// The byte offset where parsing stopped.
        var offset: Int
        /// What was wrong there.
        var reason: String

        var description: String { "\(reason) at byte \(offset)" }
    }

    /// How a value is read.
    enum Reading {
        /// Built whole.
        case build
        /// Validated and passed over: nothing is built, `.null` stands for it.
        case skip
        /// An object is built with the members the filter keeps, the others skipped; the path names it from the
        /// top of the document. Any other value is built whole.
        case filter(JSONMemberFilter, path: [String])
    }

    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 128

    private let bytes: [UInt8]
    private var index = 0
    /// The paths of the filtered objects that had members skipped (see ``FilteredDocument``).
    var pathsWithSkippedMembers: Set<[String]> = []

    /// A parser at the start of the text; ``parseDocument(_:)`` reads it.
    init(_ data: Data) {
        bytes = Array(data)
    }

    /// Parses one JSON document; whitespace may surround it, nothing else.
    ///
    /// - Throws: `Failure` naming the offset and the problem.
    static func parse(_ data: Data) throws(Failure) -> JSONValue {
        var parser = JSONParser(data)
        return try parser.parseDocument(.build)
    }

    /// Reads the document: an optional UTF-8 byte order mark, whitespace, one value, whitespace, the end.
    mutating func parseDocument(_ reading: Reading) throws(Failure) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try parseValue(depth: 0, reading)
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected text after the JSON value") }
        return value
    }

    // MARK: - Grammar

    private mutating func parseValue(depth: Int, _ reading: Reading) throws(Failure) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
        guard let byte = peek() else { throw failure("unexpected end of input") }
        let building = if case .skip = reading { false } else { true }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth, reading)
        case UInt8(ascii: "["): return try parseArray(depth: depth, building: building)
        case UInt8(ascii: "\""):
            let text = try parseString(building: building)
            return building ? .string(text) : .null
        case UInt8(ascii: "t"): try expectLiteral("true"); return building ? .bool(true) : .null
        case UInt8(ascii: "f"): try expectLiteral("false"); return building ? .bool(false) : .null
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber(building: building)
        default: throw failure("unexpected character")
        }
    }

    private mutating func parseObject(depth: Int, _ reading: Reading) throws(Failure) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        if case .filter(let filter, _) = reading { members.reserveCapacity(filter.names.count) }
        var skippedMembers = 0
        defer {
            if case .filter(_, let path) = reading, skippedMembers > 0 { pathsWithSkippedMembers.insert(path) }
        }
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            if case .skip = reading { return .null }
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let (key, kept) = try parseMemberName(reading)
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
            index += 1
            skipWhitespace()
            switch reading {
            case .build: members[key] = try parseValue(depth: depth + 1, .build)
            case .skip: _ = try parseValue(depth: depth + 1, .skip)
            case .filter(let filter, let path):
                if kept {
                    members[key] = try parseValue(depth: depth + 1, memberReading(key, of: filter, at: path))
                } else {
                    _ = try parseValue(depth: depth + 1, .skip)
                    skippedMembers += 1
                }
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                if case .skip = reading { return .null }
                return .object(members)
            default: throw failure("expected ',' or '}' in an object")
            }
        }
    }

    /// A member name, and whether the member is kept. A filter matches the name's bytes in the text, so a
    /// skipped member's name is never made a `String`; a name with escapes is matched once they are replaced.
    private mutating func parseMemberName(_ reading: Reading) throws(Failure) -> (name: String, kept: Bool) {
        switch reading {
        case .build: return (try parseString(building: true), true)
        case .skip: return (try parseString(building: false), false)
        case .filter(let filter, _):
            let start = index
            _ = try parseString(building: false)
            let text = bytes[start + 1..<index - 1]
            guard text.contains(UInt8(ascii: "\\")) else {
                let kept = filter.keeps(utf8: text)
                return (kept ? String(decoding: text, as: UTF8.self) : "", kept)
            }
            let end = index
            index = start
            let name = try parseString(building: true)  // the text just validated, now with its escapes replaced
            index = end
            return (name, filter.keeps(name))
        }
    }

    private mutating func parseArray(depth: Int, building: Bool) throws(Failure) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return building ? .array(elements) : .null
        }
        while true {
            skipWhitespace()
            let element = try parseValue(depth: depth + 1, building ? .build : .skip)
            if building { elements.append(element) }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return building ? .array(elements) : .null
            default: throw failure("expected ',' or ']' in an array")
            }
        }
    }

    /// A string's text; when not `building`, the string is only validated and `""` returned.
    ///
    /// A string without escapes is decoded straight from the input; one with escapes from its bytes with the
    /// escapes replaced, so both decode the same bytes.
    private mutating func parseString(building: Bool) throws(Failure) -> String {
        index += 1
        var runStart = index
        var escaped: [UInt8]?
        while true {
            // The plain run up to a quote, backslash or control character, then that byte.
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
                bytes[index] >= 0x20
            {
                index += 1
            }
            guard let byte = peek() else { throw failure("unterminated string") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard building else { return "" }
                guard var buffer = escaped else { return String(decoding: bytes[runStart..<index - 1], as: UTF8.self) }
                buffer.append(contentsOf: bytes[runStart..<index - 1])
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                var buffer = escaped ?? []
                escaped = nil
                if building { buffer.append(contentsOf: bytes[runStart..<index - 1]) }
                try parseEscape(into: &buffer)
                if !building { buffer.removeAll(keepingCapacity: true) }
                escaped = buffer
                runStart = index
            default:
                throw failure("control character in a string")
            }
        }
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws(Failure) {
        guard let byte = peek() else { throw failure("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalarValue = try parseHex4()
            if (0xD800..<0xDC00).contains(scalarValue) {
                // A high surrogate: a low one must follow, or the pair is replaced.
                if peek() == UInt8(ascii: "\\"), peek(offset: 1) == UInt8(ascii: "u") {
                    let saved = index
                    index += 2
                    let low = try parseHex4()
                    if (0xDC00..<0xE000).contains(low) {
                        scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = saved
                        scalarValue = 0xFFFD
                    }
                } else {
                    scalarValue = 0xFFFD
                }
            } else if (0xDC00..<0xE000).contains(scalarValue) {
                scalarValue = 0xFFFD
            }
            let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
            buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw failure("invalid escape")
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw failure("unterminated \\u escape") }
            index += 1
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("invalid hex digit in a \\u escape")
            }
            value = value << 4 | digit
        }
        return value
    }

    /// A number; one too large for a `Double` (`1e400`) is kept as its text, so the field reader reports it
    /// instead of the whole record failing. When not `building`, the number is only validated.
    private mutating func parseNumber(building: Bool) throws(Failure) -> JSONValue {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw failure("invalid number") }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let byte = peek(), isDigit(byte) else { throw failure("invalid number") }
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let byte = peek(), isDigit(byte) else { throw failure("invalid number") }
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        guard building else { return .null }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return .string(text) }
        return .number(value)
    }

    // MARK: - Helpers

    private mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let matches = literal.withUTF8Buffer { expected in
            bytes.count - index >= expected.count && bytes[index..<index + expected.count].elementsEqual(expected)
        }
        guard matches else { throw failure("invalid literal") }
        index += literal.utf8CodeUnitCount
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private func peek(offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func failure(_ reason: String) -> Failure {
        Failure(offset: index, reason: reason)
    }
}
