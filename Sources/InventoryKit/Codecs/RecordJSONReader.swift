import Foundation

/// Reads JSON one value at a time, for a ``RecordJSONReadable`` type reading its own record: strings, numbers,
/// objects and arrays straight from the bytes, without `JSONDecoder`'s generic containers.
///
/// It reads strict JSON only and refuses anything it is not sure to read as `JSONDecoder` would: a refusal sets
/// ``failed``, the value methods then return a placeholder, and ``read(_:_:)`` returns `nil` so ``RecordCoding``
/// hands the bytes to `JSONDecoder`. What it does read, it reads to `JSONDecoder`'s value: strings unescaped and
/// checked to be UTF-8, numbers parsed from their text as Foundation parses them (`Double(_:)`,
/// `Decimal(string:locale:)`, an exact integer), dates as seconds since 2001-01-01.
///
/// ```swift
/// let name = RecordJSONReader.read(data) { reader -> String? in
///     var object = RecordJSONContainer()
///     guard reader.beginObject() else { return nil }
///     var name: String?
///     while let position = reader.nextKey(keys, in: &object) {
///         switch fields[position] {
///         case .name: name = reader.string()
///         }
///     }
///     return name
/// }
/// ```
package struct RecordJSONReader {
    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    /// Whether the reader refused the input; every value read since is a placeholder.
    package private(set) var failed = false

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Reads one JSON document with `body`: its value, or `nil` when `body` returns `nil`, the reader refused the
    /// input, or anything but whitespace follows the value.
    package static func read<Value>(_ data: Data, _ body: (inout RecordJSONReader) -> Value?) -> Value? {
        data.withUnsafeBytes { buffer in
            var reader = RecordJSONReader(bytes: buffer)
            guard let value = body(&reader), !reader.failed else { return nil }
            reader.skipWhitespace()
            return reader.position == buffer.count ? value : nil
        }
    }

    /// Refuses the input: a value the caller does not read itself.
    package mutating func fail() {
        failed = true
    }

    // MARK: - Containers

    /// Opens an object; `false` (and refused) when the next value is not one.
    package mutating func beginObject() -> Bool {
        expect(UInt8(ascii: "{"))
    }

    /// The position in `keys` of the next member's key of the object `container` reads, its value next; `nil` after
    /// the object's last member (the object is then closed) or when the input is refused: a key that is not one of
    /// `keys`, a repeated key, malformed JSON.
    package mutating func nextKey(_ keys: RecordJSONKeys, in container: inout RecordJSONContainer) -> Int? {
        guard advance(in: &container, closing: UInt8(ascii: "}")) else { return nil }
        skipWhitespace()
        guard let name = plainKey(), let index = keys.match(name), container.visit(index), expect(UInt8(ascii: ":"))
        else {
            fail()
            return nil
        }
        return index
    }

    /// The next member's name, unescaped, of the object `container` reads (a map's key), its value next; `nil` after
    /// the object's last member (the object is then closed) or when the input is refused.
    package mutating func nextName(in container: inout RecordJSONContainer) -> String? {
        guard advance(in: &container, closing: UInt8(ascii: "}")) else { return nil }
        let name = string()
        return expect(UInt8(ascii: ":")) ? name : nil
    }

    /// Opens an array; `false` (and refused) when the next value is not one.
    package mutating func beginArray() -> Bool {
        expect(UInt8(ascii: "["))
    }

    /// Whether the array `container` reads has another element (read it next); `false` after its last element
    /// (the array is then closed) or when the input is refused.
    package mutating func nextElement(in container: inout RecordJSONContainer) -> Bool {
        advance(in: &container, closing: UInt8(ascii: "]"))
    }

    /// Moves to a container's next element: past the comma before it, or past the container's end.
    private mutating func advance(in container: inout RecordJSONContainer, closing: UInt8) -> Bool {
        guard !failed else { return false }
        skipWhitespace()
        if peek() == closing {
            position += 1
            return false
        }
        if container.started, !expect(UInt8(ascii: ",")) { return false }
        container.start()
        return true
    }

    // MARK: - Values

    /// Consumes a `null` and returns `true` when the next value is one; otherwise consumes nothing.
    package mutating func null() -> Bool {
        literal("null")
    }

    /// A `true` or `false`.
    package mutating func bool() -> Bool {
        guard !failed else { return false }
        if literal("true") { return true }
        if !literal("false") { fail() }
        return false
    }

    /// A string.
    package mutating func string() -> String {
        guard !failed, let value = readString() else {
            fail()
            return ""
        }
        return value
    }

    /// A number as `Double` (`Double(_:)` of its text, which must be finite).
    package mutating func double() -> Double {
        guard let text = numberText(), let value = Double(text), value.isFinite else {
            fail()
            return 0
        }
        return value
    }

    /// A number written as an integer (no fraction, no exponent) that fits in `Int`.
    package mutating func int() -> Int {
        guard let text = numberText(), let value = Int(text) else {
            fail()
            return 0
        }
        return value
    }

    /// A number as `Decimal`, every digit of its text (`Decimal(string:locale:)`), never through `Double`.
    package mutating func decimal() -> Decimal {
        guard let text = numberText(), let value = Decimal(string: text, locale: nil) else {
            fail()
            return 0
        }
        return value
    }

    // MARK: - Scanning

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    /// Consumes `word` (ASCII) after whitespace and returns `true` when it comes next; otherwise consumes nothing.
    private mutating func literal(_ word: StaticString) -> Bool {
        skipWhitespace()
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        let start = word.utf8Start
        for offset in 0..<count where bytes[position + offset] != start[offset] { return false }
        position += count
        return true
    }

    /// Consumes `byte` after whitespace; otherwise refuses the input.
    private mutating func expect(_ byte: UInt8) -> Bool {
        guard !failed else { return false }
        skipWhitespace()
        guard peek() == byte else {
            fail()
            return false
        }
        position += 1
        return true
    }

    /// The bytes of a key without escapes, the reader past its closing quote; `nil` otherwise.
    private mutating func plainKey() -> UnsafeRawBufferPointer? {
        guard peek() == UInt8(ascii: "\"") else { return nil }
        let start = position + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            guard bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 else { return nil }
            end += 1
        }
        guard end < bytes.count else { return nil }
        position = end + 1
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    /// The text of a number as JSON spells it (`-`, digits without a leading zero, a fraction, an exponent).
    private mutating func numberText() -> String? {
        guard !failed else { return nil }
        skipWhitespace()
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        guard let first = peek(), isDigit(first) else { return nil }
        position += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard skipDigits() else { return nil }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() else { return nil }
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    /// Skips digits; whether there was one.
    @discardableResult
    private mutating func skipDigits() -> Bool {
        let start = position
        while let byte = peek(), isDigit(byte) { position += 1 }
        return position > start
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A string value: unescaped, and only when its bytes are UTF-8.
    private mutating func readString() -> String? {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { return nil }
        let start = position + 1
        var end = start
        var ascii = true
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                position = end + 1
                return Self.text(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), ascii: ascii)
            }
            if byte == UInt8(ascii: "\\") {
                position = end
                return readEscapedString(prefix: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            }
            guard byte >= 0x20 else { return nil }
            if byte >= 0x80 { ascii = false }
            end += 1
        }
        return nil
    }

    /// The rest of a string from its first backslash, after `prefix`.
    private mutating func readEscapedString(prefix: UnsafeRawBufferPointer) -> String? {
        var unescaped = Array(prefix)
        while position < bytes.count {
            // The run up to the next quote, backslash or control character, copied at once.
            let run = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\"),
                bytes[position] >= 0x20
            {
                position += 1
            }
            if position > run { unescaped.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[run..<position])) }
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return unescaped.withUnsafeBytes { Self.text($0, ascii: false) }
            case UInt8(ascii: "\\"):
                guard let escaped = peek() else { return nil }
                position += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(escaped)
                case UInt8(ascii: "b"): unescaped.append(0x08)
                case UInt8(ascii: "f"): unescaped.append(0x0C)
                case UInt8(ascii: "n"): unescaped.append(0x0A)
                case UInt8(ascii: "r"): unescaped.append(0x0D)
                case UInt8(ascii: "t"): unescaped.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    UTF8.encode(scalar) { unescaped.append($0) }
                default: return nil
                }
            default:
                guard byte >= 0x20 else { return nil }
                unescaped.append(byte)
            }
        }
        return nil
    }

    /// The scalar of a `\u` escape (the reader past its `u`), a surrogate pair read as one; `nil` for a lone
    /// surrogate.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hexQuad() else { return nil }
        switch high {
        case 0xD800...0xDBFF:
            guard bytes.count - position >= 2, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
            else { return nil }
            position += 2
            guard let low = hexQuad(), (0xDC00...0xDFFF).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        case 0xDC00...0xDFFF:
            return nil
        default:
            return Unicode.Scalar(high)
        }
    }

    /// Four hex digits.
    private mutating func hexQuad() -> UInt32? {
        guard bytes.count - position >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// The text of `bytes`, or `nil` when they are not UTF-8 (decoding repairs them, so the bytes would differ).
    private static func text(_ bytes: UnsafeRawBufferPointer, ascii: Bool) -> String? {
        var text = String(decoding: bytes, as: UTF8.self)
        guard !ascii else { return text }
        let same = text.withUTF8 { decoded in
            guard decoded.count == bytes.count else { return false }
            for index in decoded.indices where decoded[index] != bytes[index] { return false }
            return true
        }
        return same ? text : nil
    }
}
