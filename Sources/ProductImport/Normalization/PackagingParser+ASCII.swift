import Foundation

extension PackagingParser {
    /// ``tokenizeCharacters(_:)`` of an ASCII text, walked on its bytes (most quantity texts: `"330 ml"`,
    /// `"6 x 33 cl"`); `nil` for any other text.
    ///
    /// Within ASCII a character is one byte but for CR LF, which neither walk takes for a digit, a letter, a dot,
    /// a comma or an `x`; the digits and letters are ASCII's, so both walks cut the same tokens (a test holds the
    /// two equal).
    static func tokenizeASCII(_ text: String) -> [Token]? {
        var text = text
        return text.withUTF8 { bytes -> [Token]? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            // As the character walk, the text is read with one space after it.
            let count = bytes.count + 1
            func byte(_ index: Int) -> UInt8 { index >= 0 && index < bytes.count ? bytes[index] : 0x20 }
            var tokens: [Token] = []
            var index = 0
            while index < count {
                let current = byte(index)
                if isDigit(current) {
                    var digits: [UInt8] = []
                    var hasPoint = false
                    while index < count {
                        let next = byte(index)
                        if isDigit(next) {
                            digits.append(next)
                        } else if next == UInt8(ascii: ".") || next == UInt8(ascii: ","), isDigit(byte(index + 1)), !hasPoint {
                            digits.append(UInt8(ascii: "."))
                            hasPoint = true
                        } else {
                            break
                        }
                        index += 1
                    }
                    if let value = decimal(String(decoding: digits, as: UTF8.self)) { tokens.append(.number(value)) }
                    continue
                }
                if current == UInt8(ascii: "x") || current == UInt8(ascii: "X"), !isLetter(byte(index - 1)),
                    !isLetter(byte(index + 1))
                {
                    tokens.append(.times)
                    index += 1
                    continue
                }
                if isLetter(current) {
                    let start = index
                    while index < bytes.count, isLetter(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
                    tokens.append(.word(String(decoding: bytes[start..<index], as: UTF8.self)))
                    continue
                }
                index += 1
            }
            return tokens
        }
    }

    /// `Decimal(string: digits, locale: posix)` of the digits the tokenizers collect (ASCII digits, at most one
    /// `.`), made from the digits' value when it has at most 18 digits and is not zero: the same `Decimal`, to
    /// its stored form (a test holds the two equal). Any other text goes to `Decimal(string:locale:)`.
    static func decimal(_ digits: String) -> Decimal? {
        var significand: UInt64 = 0
        var digitCount = 0
        var fractionDigits = 0
        var hasPoint = false
        for byte in digits.utf8 {
            if byte == UInt8(ascii: "."), !hasPoint {
                hasPoint = true
            } else if isDigit(byte) {
                significand = significand &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                digitCount += 1
                if hasPoint { fractionDigits += 1 }
            } else {
                return Decimal(string: digits, locale: posix)
            }
        }
        // Zero keeps the exponent it was written with (`0.000`), and longer numbers may not fit: Foundation's.
        guard digitCount <= 18, significand != 0 else { return Decimal(string: digits, locale: posix) }
        return Decimal(sign: .plus, exponent: -fractionDigits, significand: Decimal(significand))
    }

    /// `text.trimmingCharacters(in: CharacterSet(charactersIn: "."))`, on the bytes when the text is ASCII.
    static func withoutEdgeDots(_ text: String) -> String {
        let bytes = text.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return text.trimmingCharacters(in: CharacterSet(charactersIn: ".")) }
        guard let first = bytes.firstIndex(where: { $0 != UInt8(ascii: ".") }),
            let last = bytes.lastIndex(where: { $0 != UInt8(ascii: ".") })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}
