import Foundation

/// A validated GS1 Global Trade Item Number in canonical form.
///
/// The canonical form keeps one spelling per item: a UPC-A code gains a leading zero and becomes an EAN-13,
/// a GTIN-14 whose indicator digit is 0 drops it and becomes an EAN-13, EAN-8 and EAN-13 codes are kept
/// as they are, and any other GTIN-14 keeps all 14 digits. An EAN-8 padded with zeros to 12, 13 or 14 digits
/// (`00000096385074`, as GS1 stores a GTIN-8 in a 14-digit field) is its 8 digits (`96385074`), as Open Food Facts
/// stores it: one item, one canonical form.
///
/// ```swift
/// let gtin = try GTIN("0 36000 29145 2")
/// gtin.rawValue  // "0036000291452"
/// gtin.kind      // .ean13
/// ```
public struct GTIN: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The shape of a canonical GTIN.
    public enum Kind: Sendable, Hashable, CaseIterable {
        /// An 8-digit EAN-8 code.
        case ean8
        /// A 13-digit EAN-13 code, which includes UPC-A codes with a leading zero.
        case ean13
        /// A 14-digit GTIN-14 whose indicator digit is 1 to 9.
        case gtin14
    }

    /// The longest input, in UTF-8 bytes, that normalization reads; longer input fails at once.
    public static let maximumInputLength = 512

    /// The canonical digits: 8, 13 or 14 ASCII digits ending in a valid check digit.
    public let rawValue: String

    /// Validates a raw barcode string and stores it in canonical form.
    ///
    /// Accepts the same input as ``normalize(_:format:)``.
    ///
    /// - Parameters:
    ///   - raw: The scanned or typed code; spaces, dashes, tabs, newlines and no-break spaces are ignored.
    ///   - format: How to read the digits; pass ``GTINInputFormat/upcE`` for a zero-suppressed UPC-E code.
    /// - Throws: ``GTINError/empty``, ``GTINError/tooLong(_:)``, ``GTINError/invalidCharacter(_:offset:)``,
    ///   ``GTINError/invalidLength(_:)``, ``GTINError/invalidCheckDigit(expected:actual:)``,
    ///   ``GTINError/invalidUPCE(reason:)``, ``GTINError/missingGTINElement(elementString:)`` or
    ///   ``GTINError/malformedElementString(_:reason:)``.
    public init(_ raw: String, format: GTINInputFormat = .automatic) throws(GTINError) {
        rawValue = try GTINParser.normalize(raw, format: format)
    }

    /// Wraps a string that is already a valid GTIN in canonical form.
    ///
    /// Returns `nil` for anything else, including valid codes in another spelling such as a 12-digit UPC-A
    /// code or a code with spaces; use ``init(_:format:)`` to normalize those.
    ///
    /// - Parameter rawValue: Canonical GTIN digits.
    public init?(rawValue: String) {
        guard let canonical = try? GTINParser.normalize(rawValue, format: .automatic), canonical == rawValue else {
            return nil
        }
        self.rawValue = canonical
    }

    /// Decodes a GTIN from a single string, normalizing and validating it.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` when the string is not a valid GTIN; its context names the
    ///   ``GTINError`` and carries it as the underlying error. Any error the decoder throws for a non-string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        do {
            rawValue = try GTINParser.normalize(string, format: .automatic)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "Not a valid GTIN (GTINError.\(error.caseName)): \(error.description)",
                    underlyingError: error
                )
            )
        }
    }

    /// Encodes the GTIN as a plain string of its canonical digits.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Any error the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The shape of the canonical digits; a UPC-A input is an ``Kind/ean13``.
    public var kind: Kind {
        switch rawValue.utf8.count {
        case 8:
            return .ean8
        case 13:
            return .ean13
        default:
            return .gtin14
        }
    }

    /// The canonical digits, as in ``rawValue``.
    public var description: String { rawValue }

    /// Orders GTINs by their numeric value as 14-digit codes, then shorter spellings first.
    ///
    /// - Parameters:
    ///   - lhs: A GTIN.
    ///   - rhs: Another GTIN.
    /// - Returns: Whether `lhs` sorts before `rhs`.
    public static func < (lhs: GTIN, rhs: GTIN) -> Bool {
        let lhsLength = lhs.rawValue.utf8.count
        let rhsLength = rhs.rawValue.utf8.count
        return (lhs.paddedToGTIN14, lhsLength) < (rhs.paddedToGTIN14, rhsLength)
    }

    /// The digits right-aligned in 14 places with leading zeros.
    private var paddedToGTIN14: String {
        String(repeating: "0", count: max(0, 14 - rawValue.utf8.count)) + rawValue
    }

    // MARK: - Static API

    /// Normalizes a scanned or typed barcode to the canonical digits of a valid GTIN.
    ///
    /// Spaces, dashes, tabs, newlines and no-break spaces are removed first. The rest is read as a GS1
    /// element string when it starts with `(`, as a GS1 Digital Link URL when it starts with `http://` or
    /// `https://`, and otherwise as 8, 12, 13 or 14 ASCII digits (or a UPC-E code with `format: .upcE`).
    /// The GS1 check digit is verified, and the result is canonical: UPC-A becomes EAN-13 with a leading
    /// zero, a GTIN-14 with indicator digit 0 becomes its last 13 digits, an EAN-8 padded with zeros (12 to 14
    /// digits) becomes its 8 digits, and other codes keep their digits.
    ///
    /// ```swift
    /// try GTIN.normalize(" 0 36000 29145 2 ")                       // "0036000291452"
    /// try GTIN.normalize("(01)00000096385074")                      // "96385074", as GTIN.normalize("96385074")
    /// try GTIN.normalize("(01)09506000134352(17)261231(10)LOT7")    // "9506000134352"
    /// try GTIN.normalize("https://id.gs1.org/01/09506000134352")    // "9506000134352"
    /// try GTIN.normalize("04252614", format: .upcE)                 // "0042100005264"
    /// try GTIN.normalize("9506000134357")  // throws GTINError.invalidCheckDigit(expected: 2, actual: 7)
    /// ```
    ///
    /// - Parameters:
    ///   - raw: The scanned or typed code.
    ///   - format: How to read plain digits; GS1 element strings and Digital Link URLs are read either way.
    /// - Returns: 8, 13 or 14 ASCII digits.
    /// - Throws: ``GTINError/empty`` for blank input; ``GTINError/tooLong(_:)`` for input longer than
    ///   ``maximumInputLength`` bytes; ``GTINError/invalidCharacter(_:offset:)`` for anything but ASCII digits
    ///   and separators; ``GTINError/invalidLength(_:)`` for a digit count other than 8, 12, 13 or 14;
    ///   ``GTINError/invalidCheckDigit(expected:actual:)`` for a wrong check digit;
    ///   ``GTINError/invalidUPCE(reason:)`` for a bad UPC-E code; ``GTINError/missingGTINElement(elementString:)``
    ///   for an element string or URL without AI (01); ``GTINError/malformedElementString(_:reason:)`` for an
    ///   element string or URL that cannot be parsed.
    public static func normalize(_ raw: String, format: GTINInputFormat = .automatic) throws(GTINError) -> String {
        try GTINParser.normalize(raw, format: format)
    }

    /// Computes the GS1 mod-10 check digit for the digits that precede it.
    ///
    /// Weights 3, 1, 3, … are applied from the rightmost digit of `body`.
    ///
    /// ```swift
    /// GTIN.checkDigit(for: "950600013435")  // 2
    /// ```
    ///
    /// - Parameter body: The digits of a code without its check digit.
    /// - Returns: The check digit, 0 to 9, or `nil` when `body` is empty or holds anything but ASCII digits.
    public static func checkDigit(for body: some StringProtocol) -> Int? {
        var sum = 0
        var weight = 3
        var count = 0
        for byte in body.utf8.reversed() {
            guard let digit = GTINParser.digitValue(ofASCII: byte) else {
                return nil
            }
            sum += Int(digit) * weight
            weight = 4 - weight
            count += 1
        }
        guard count > 0 else {
            return nil
        }
        return (10 - sum % 10) % 10
    }

    /// Tells whether a raw barcode string normalizes to a valid GTIN.
    ///
    /// ```swift
    /// GTIN.isValid("9506000134352")  // true
    /// GTIN.isValid("9506000134357")  // false
    /// ```
    ///
    /// - Parameter raw: The scanned or typed code, read as by ``normalize(_:format:)`` with `.automatic`.
    /// - Returns: `true` when ``normalize(_:format:)`` would succeed.
    public static func isValid(_ raw: String) -> Bool {
        (try? GTINParser.normalize(raw, format: .automatic)) != nil
    }
}
