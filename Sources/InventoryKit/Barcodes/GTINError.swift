import Foundation

/// Why a raw string could not be normalized to a ``GTIN``.
public enum GTINError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input is empty, or holds nothing but spaces, dashes and other separators.
    case empty

    /// The input is longer than ``GTIN/maximumInputLength``; the value is its length in UTF-8 bytes.
    case tooLong(Int)

    /// The input holds a character that is neither an ASCII digit nor a separator.
    ///
    /// `offset` counts characters (grapheme clusters) from the start of the original input, starting at 0.
    case invalidCharacter(Character, offset: Int)

    /// The input has a number of digits that no GTIN has; the value is that number.
    ///
    /// A GTIN has 8, 12, 13 or 14 digits.
    case invalidLength(Int)

    /// The last digit is not the GS1 check digit of the digits before it.
    case invalidCheckDigit(expected: Int, actual: Int)

    /// The input is not a UPC-E code: its number system is not 0 or 1, or it has the wrong number of digits.
    case invalidUPCE(reason: String)

    /// The GS1 element string or Digital Link URL has no GTIN, application identifier (01).
    case missingGTINElement(elementString: String)

    /// The GS1 element string or Digital Link URL cannot be parsed.
    case malformedElementString(String, reason: String)

    /// A sentence describing the error, fit for a log line or an alert.
    public var description: String {
        switch self {
        case .empty:
            return "GTIN is empty"
        case .tooLong(let length):
            return "GTIN input is too long: \(length) bytes (at most \(GTIN.maximumInputLength))"
        case .invalidCharacter(let character, let offset):
            return "invalid character \(Self.describe(character)) at offset \(offset) in GTIN"
        case .invalidLength(let length):
            let noun = length == 1 ? "digit" : "digits"
            return "invalid GTIN length: \(length) \(noun) (expected 8, 12, 13 or 14)"
        case .invalidCheckDigit(let expected, let actual):
            return "invalid GTIN check digit: expected \(expected), found \(actual)"
        case .invalidUPCE(let reason):
            return "invalid UPC-E code: \(reason)"
        case .missingGTINElement(let elementString):
            return "GS1 element string \"\(elementString)\" has no GTIN (AI 01)"
        case .malformedElementString(let elementString, let reason):
            return "malformed GS1 element string \"\(elementString)\": \(reason)"
        }
    }

    /// Quotes a character, adding its code points when it is not printable ASCII.
    private static func describe(_ character: Character) -> String {
        let scalars = character.unicodeScalars
        let isPrintableASCII = scalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }
        if isPrintableASCII {
            return "\"\(character)\""
        }
        let codePoints = scalars.map { scalar -> String in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "\"\(String(character).debugDescription.dropFirst().dropLast())\" (\(codePoints.joined(separator: " ")))"
    }
}

extension GTINError: LocalizedError {
    /// The same sentence as ``description``.
    public var errorDescription: String? { description }
}
