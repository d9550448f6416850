import Foundation

/// Splits an ingredient text into its items, in label order.
enum IngredientList {
    /// The items of `text`: split at commas and semicolons outside parentheses and brackets, trimmed, without
    /// the underscores Open Food Facts uses to mark allergens (`_soy_`) and without a trailing full stop.
    ///
    /// A comma between two digits is a decimal comma, not a separator: `"citron 35,5%"` is one item.
    static func split(_ text: String) -> [String] {
        // Where every scalar is a character of its own, the text can be walked without finding character
        // boundaries: most labels' text, read several times faster.
        if text.unicodeScalars.allSatisfy(isCharacterOfItsOwn) {
            return splitBytes(text)
        }
        return splitCharacters(text)
    }

    /// ``split(_:)`` walking characters: right for every text, and the reference the byte path is tested against.
    static func splitCharacters(_ text: String) -> [String] {
        split(units: Array(text))
    }

    /// Whether a scalar is a character of its own whatever surrounds it, in the blocks labels use: Latin below
    /// U+0300 (where combining marks start) but CR (CR LF is one character), Greek and Cyrillic letters, Arabic
    /// letters and digits, general punctuation and currency signs; never a combining mark, joiner or prepended
    /// sign. Any other scalar sends the text down the character walk.
    private static func isCharacterOfItsOwn(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x0D, 0x0E..<0x300, 0x370..<0x483, 0x48A..<0x530, 0x621..<0x64B, 0x660..<0x670, 0x2010..<0x2028,
            0x2030..<0x205F, 0x20A0..<0x20C1:
            true
        default: false
        }
    }

    /// ``split(_:)`` of a text whose scalars are each a character, walked on its UTF-8 bytes: every separator,
    /// bracket and underscore is ASCII, and the bytes of other scalars never are.
    private static func splitBytes(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes -> [String] in
            var items: [String] = []
            var current: [UInt8] = []
            var depth = 0
            // Where the last scalar appended to the item starts in the text; numbers are looked at only at a comma.
            var lastScalar: Int?
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                if byte == UInt8(ascii: ","), let last = lastScalar, isNumber(in: bytes, at: last),
                    isNumber(in: bytes, at: index + 1)
                {
                    current.append(byte)
                    lastScalar = nil
                    index += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth = max(0, depth - 1)
                case UInt8(ascii: ",") where depth == 0, UInt8(ascii: ";") where depth == 0:
                    if let item = cleaned(current) { items.append(item) }
                    current.removeAll(keepingCapacity: true)
                    lastScalar = nil
                    index += 1
                    continue
                case UInt8(ascii: "_"):
                    index += 1
                    continue
                default:
                    break
                }
                let end = min(bytes.count, index + length)
                current.append(contentsOf: bytes[index..<end])
                lastScalar = index
                index = end
            }
            if let item = cleaned(current) { items.append(item) }
            return items
        }
    }

    /// Whether the scalar starting at `index` is a number; `false` past the end.
    private static func isNumber(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        if byte < 0x80 { return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let length = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        guard index + length <= bytes.count else { return false }
        var value = UInt32(byte) & (0xFF >> (length + 1))
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return Unicode.Scalar(value)?.properties.numericType != nil
    }

    /// ``cleaned(_:)`` of an item's bytes. Below U+0300 and in the other blocks of the byte walk, the only white
    /// space beyond ASCII is U+0085 and U+00A0 (`C2 85`, `C2 A0`), so the trimming is done on the bytes.
    private static func cleaned(_ item: [UInt8]) -> String? {
        func trimmed(_ start: Int, _ end: Int) -> (Int, Int) {
            var (start, end) = (start, end)
            while start < end {
                if item[start].isTrimmedASCIISpace {
                    start += 1
                } else if end - start >= 2, isWideSpace(item[start], item[start + 1]) {
                    start += 2
                } else {
                    break
                }
            }
            while start < end {
                if item[end - 1].isTrimmedASCIISpace {
                    end -= 1
                } else if end - start >= 2, isWideSpace(item[end - 2], item[end - 1]) {
                    end -= 2
                } else {
                    break
                }
            }
            return (start, end)
        }
        var (start, end) = trimmed(0, item.count)
        while end > start, item[end - 1] == UInt8(ascii: ".") { end -= 1 }
        (start, end) = trimmed(start, end)
        return start < end ? String(decoding: item[start..<end], as: UTF8.self) : nil
    }

    /// Whether two bytes are U+0085 or U+00A0.
    private static func isWideSpace(_ first: UInt8, _ second: UInt8) -> Bool {
        first == 0xC2 && (second == 0x85 || second == 0xA0)
    }


    /// An item trimmed, without trailing full stops; `nil` when nothing is left.
    private static func cleaned(_ item: String) -> String? {
        var trimmed = item.trimmedText()
        while trimmed.hasSuffix(".") { trimmed.removeLast() }
        trimmed = trimmed.trimmedText()
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func split<Unit: IngredientTextUnit>(units: [Unit]) -> [String] {
        var items: [String] = []
        var current = ""
        var depth = 0
        for (position, unit) in units.enumerated() {
            if unit == ",", Unit.last(of: current)?.isNumber == true, position + 1 < units.count, units[position + 1].isNumber {
                unit.append(to: &current)
                continue
            }
            switch unit {
            case "(", "[", "{":
                depth += 1
            case ")", "]", "}":
                depth = max(0, depth - 1)
            case "," where depth == 0, ";" where depth == 0:
                items.append(current)
                current = ""
                continue
            case "_":
                continue
            default:
                break
            }
            unit.append(to: &current)
        }
        items.append(current)
        return items.compactMap(cleaned)
    }
}

/// What ``IngredientList`` walks when a text has characters of several scalars: characters.
private protocol IngredientTextUnit: Equatable, ExpressibleByUnicodeScalarLiteral {
    /// Whether the unit is a digit or another number.
    var isNumber: Bool { get }
    /// Appends the unit to a text.
    func append(to text: inout String)
    /// The text's last unit.
    static func last(of text: String) -> Self?
}

extension Character: IngredientTextUnit {
    fileprivate func append(to text: inout String) { text.append(self) }
    fileprivate static func last(of text: String) -> Character? { text.last }
}
