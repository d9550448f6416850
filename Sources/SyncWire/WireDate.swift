import Foundation

/// The API's dates: RFC 3339 text in UTC, `2026-11-26T15:04:05Z`, read with or without fractional seconds.
///
/// The wire types read and write their dates through these two calls themselves, so they decode the same under
/// any `JSONDecoder` date strategy — a client reading a page whose payloads are the kit's records with their own
/// date form still reads the page's `createdAt` as text.
enum WireDate {
    /// The date's text: whole seconds, as `JSONEncoder`'s `.iso8601` strategy writes it.
    static func text(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// The date of RFC 3339 text, with or without fractional seconds; `nil` when it is not one.
    static func date(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}

extension KeyedDecodingContainer {
    /// Decodes an API date (``WireDate``) under `key`.
    /// - Throws: `DecodingError` when the value is not RFC 3339 text.
    func decodeWireDate(forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = WireDate.date(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(text.prefix(80)) is not an RFC 3339 date and time")
        }
        return date
    }

    /// Decodes an optional API date under `key`.
    /// - Throws: `DecodingError` when a value is present and not RFC 3339 text.
    func decodeWireDateIfPresent(forKey key: Key) throws -> Date? {
        try contains(key) && !decodeNil(forKey: key) ? decodeWireDate(forKey: key) : nil
    }
}

extension KeyedEncodingContainer {
    /// Encodes an API date (``WireDate``) under `key`.
    /// - Throws: the encoder's error.
    mutating func encodeWireDate(_ date: Date, forKey key: Key) throws {
        try encode(WireDate.text(date), forKey: key)
    }

    /// Encodes an optional API date under `key`, leaving the key out when it is `nil`.
    /// - Throws: the encoder's error.
    mutating func encodeWireDateIfPresent(_ date: Date?, forKey key: Key) throws {
        if let date { try encodeWireDate(date, forKey: key) }
    }
}
