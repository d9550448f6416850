import Foundation

/// An exact decimal number as the views write it: JSON text such as `"1.25"`, never a JSON number, so every
/// reader — JavaScript, Python, a spreadsheet — gets every digit a device booked (the OpenAPI schema
/// `ExactDecimal`).
///
/// Reading accepts only plain decimal text (`-12`, `0.5`, `3.000`): no exponent, no spaces, no trailing text.
public struct ExactDecimal: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The number.
    public var value: Decimal

    /// Wraps a number.
    public init(_ value: Decimal) { self.value = value }

    /// The number of plain decimal text; `nil` when the text is not one.
    public init?(text: String) {
        guard Self.isPlainDecimal(text), let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        self.value = value
    }

    /// The text the views write: every digit, no exponent, no trailing zeros beyond the number's own.
    public var description: String { value.description }

    /// Reads the number from decimal text.
    /// - Throws: `DecodingError.dataCorrupted` when the value is not plain decimal text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let decimal = ExactDecimal(text: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(text.prefix(80)) is not a decimal number written as text")
        }
        self = decimal
    }

    /// Writes the number as decimal text.
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static func isPlainDecimal(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "-" { scalars = scalars.dropFirst() }
        let parts = scalars.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !text.hasSuffix(".") else { return false }
        return parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { ("0"..."9").contains($0) } }
    }
}
