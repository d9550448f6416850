import Foundation

/// An instant as the views write it: RFC 3339 text in UTC to the millisecond, `2026-11-29T11:20:40.125Z` (the
/// OpenAPI schema `Instant`). It reads and writes itself, so a view decodes the same under any `JSONDecoder` date
/// strategy; reading accepts the text with or without fractional seconds.
public struct WireInstant: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The instant.
    public var date: Date

    /// Wraps an instant.
    public init(_ date: Date) { self.date = date }

    /// The text the views write.
    public var description: String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Reads the instant from RFC 3339 text.
    /// - Throws: `DecodingError.dataCorrupted` when the value is not RFC 3339 text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = WireDate.date(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(text.prefix(80)) is not an RFC 3339 date and time")
        }
        self.date = date
    }

    /// Writes the instant as RFC 3339 text to the millisecond.
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
