import Foundation
import InventoryKit

/// Reads the `records.fields` text that ``StoredFieldsCoding/encode(_:with:)`` writes — a JSON object of
/// `TaggedFieldValue`s — in one pass over its UTF-8 bytes, without `JSONDecoder`.
///
/// A query page reads the fields of every row it returns (the next cursor and the page's records need them);
/// through `JSONDecoder` that cost four times what SQLite spent on the page (callgrind, `records.query-page`).
///
/// The parser answers only for text it reads exactly as `JSONDecoder` would: the object written by the encoder,
/// with any JSON whitespace and escapes. For anything else — an unknown kind, a duplicate name, an extra array
/// element, an integer with a fraction or out of range, a number that overflows or underflows, a lone surrogate,
/// malformed JSON — it returns `nil`, and ``StoredFieldsCoding/decode(_:with:)`` decodes the text with
/// `JSONDecoder`, whose answer (or error) stands.
struct StoredFieldsParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The fields in `text`, or `nil` when the text is not in the form the parser reads.
    static func parse(_ text: String) -> [String: FieldValue]? {
        var text = text
        return text.withUTF8 { bytes in
            var parser = StoredFieldsParser(bytes: bytes)
            return parser.document()
        }
    }

    // MARK: - Grammar

    /// `{ "name": value, … }` and nothing after it but whitespace.
    private mutating func document() -> [String: FieldValue]? {
        skipWhitespace()
        guard consume(UInt8(ascii: "{")) else { return nil }
        var fields: [String: FieldValue] = [:]
        // Room for a typical record's fields up front: growing 1 → 2 → 4 → 8 rehashed a third of the parse.
        fields.reserveCapacity(8)
        skipWhitespace()
        if !consume(UInt8(ascii: "}")) {
            while true {
                skipWhitespace()
                guard let name = string() else { return nil }
                skipWhitespace()
                guard consume(UInt8(ascii: ":")) else { return nil }
                skipWhitespace()
                guard let value = taggedValue(), fields.updateValue(value, forKey: name) == nil else { return nil }
                skipWhitespace()
                if consume(UInt8(ascii: ",")) { continue }
                guard consume(UInt8(ascii: "}")) else { return nil }
                break
            }
        }
        skipWhitespace()
        return position == bytes.count ? fields : nil
    }

    /// `null` or `["kind", value]`.
    private mutating func taggedValue() -> FieldValue? {
        if literal("null") { return .null }
        guard consume(UInt8(ascii: "[")) else { return nil }
        skipWhitespace()
        guard let kind = string() else { return nil }
        skipWhitespace()
        guard consume(UInt8(ascii: ",")) else { return nil }
        skipWhitespace()
        let value: FieldValue
        switch kind {
        case "bool":
            if literal("true") {
                value = .bool(true)
            } else if literal("false") {
                value = .bool(false)
            } else {
                return nil
            }
        case "int":
            guard let number = integer() else { return nil }
            value = .int(number)
        case "double":
            guard let number = double() else { return nil }
            value = .double(number)
        case "string":
            guard let text = string() else { return nil }
            value = .string(text)
        case "date":
            guard let seconds = double() else { return nil }
            value = .date(Date(timeIntervalSinceReferenceDate: seconds))
        default:
            return nil
        }
        skipWhitespace()
        return consume(UInt8(ascii: "]")) ? value : nil
    }

    /// A JSON integer that fits in `Int64`: an optional minus, then `0` or digits without a leading zero, not
    /// followed by a fraction or an exponent. `-0` is left to the decoder.
    private mutating func integer() -> Int64? {
        let negative = consume(UInt8(ascii: "-"))
        guard let first = peek(), isDigit(first) else { return nil }
        var number: Int64 = 0
        if first == UInt8(ascii: "0") {
            position += 1
            if negative { return nil }
        } else {
            while let byte = peek(), isDigit(byte) {
                let digit = Int64(byte - UInt8(ascii: "0"))
                let (shifted, overflowA) = number.multipliedReportingOverflow(by: 10)
                let (next, overflowB) = negative
                    ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
                guard !overflowA, !overflowB else { return nil }
                number = next
                position += 1
            }
        }
        if let byte = peek(), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            return nil
        }
        return number
    }

    /// A finite JSON number, or the strings `"inf"`, `"-inf"`, `"nan"` (`TaggedFieldValue.nonFiniteDecoding`).
    private mutating func double() -> Double? {
        // Written without escapes: `JSONDecoder` does not match an escaped spelling (`"na\u006E"`).
        if peek() == UInt8(ascii: "\"") {
            if literal(#""inf""#) { return .infinity }
            if literal(#""-inf""#) { return -.infinity }
            if literal(#""nan""#) { return .nan }
            return nil
        }
        let start = position
        _ = consume(UInt8(ascii: "-"))
        guard let first = peek(), isDigit(first) else { return nil }
        var significant = false
        if first == UInt8(ascii: "0") {
            position += 1
        } else {
            significant = true
            skipDigits()
        }
        if consume(UInt8(ascii: ".")) {
            guard let byte = peek(), isDigit(byte) else { return nil }
            while let byte = peek(), isDigit(byte) {
                if byte != UInt8(ascii: "0") { significant = true }
                position += 1
            }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard let byte = peek(), isDigit(byte) else { return nil }
            skipDigits()
        }
        // `strtod` reads the token in place: it must stop at the byte after it, which must be one that ends a
        // number in its grammar too (a JSON delimiter). A locale whose decimal point is not "." stops it early,
        // and the text goes to the decoder.
        guard let next = peek(), next == UInt8(ascii: "]") || next == UInt8(ascii: ",") || Self.isWhitespace(next),
            let base = bytes.baseAddress
        else { return nil }
        var end: UnsafeMutablePointer<CChar>?
        let number = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { strtod($0 + start, &end) }
        let stop = UnsafeRawPointer(base + position)
        guard let end, UnsafeRawPointer(end) == stop else { return nil }
        // Overflow (infinite) and underflow to zero are left to the decoder.
        guard number.isFinite, number != 0 || !significant else { return nil }
        return number
    }

    /// A JSON string with its escapes resolved.
    private mutating func string() -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = position
        while let byte = peek(), byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { return nil }
            position += 1
        }
        guard position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: "\"") {
            position += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position - 1]), as: UTF8.self)
        }
        var unescaped = Array(bytes[start..<position])
        while let byte = peek() {
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: unescaped, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = escape() else { return nil }
                UTF8.encode(escaped) { unescaped.append($0) }
            case ..<0x20:
                return nil
            default:
                unescaped.append(byte)
            }
        }
        return nil
    }

    /// The character after a backslash (already consumed): `\" \\ \/ \b \f \n \r \t` or `\uXXXX` (a surrogate pair
    /// as two escapes).
    private mutating func escape() -> Unicode.Scalar? {
        guard let byte = peek() else { return nil }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let unit = hexUnit() else { return nil }
            switch unit {
            case 0xD800...0xDBFF:
                guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")), let low = hexUnit(),
                    (0xDC00...0xDFFF).contains(low)
                else { return nil }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            case 0xDC00...0xDFFF:
                return nil
            default:
                return Unicode.Scalar(unit)
            }
        default:
            return nil
        }
    }

    /// Four hex digits.
    private mutating func hexUnit() -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        var unit: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt32(digit)
            position += 1
        }
        return unit
    }

    // MARK: - Bytes

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        position += 1
        return true
    }

    /// Consumes `word` when the bytes at the position spell it.
    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
        position += count
        return true
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { position += 1 }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), Self.isWhitespace(byte) { position += 1 }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
