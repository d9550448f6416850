import Foundation

/// The key of a record or blob within a store: a validated, non-empty string.
///
/// Any printable string up to ``maximumLength`` UTF-8 bytes is accepted — including `/` and `..`, so adapters
/// that name files after ids must encode them (see the JSON-file example). Control characters are rejected.
///
/// ```swift
/// let id = try RecordID("0012345678905")
/// let other = RecordID(UUID())          // never fails
/// ```
public struct RecordID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The longest id accepted, in UTF-8 bytes.
    public static let maximumLength = 512

    /// The id's text.
    public let rawValue: String

    /// Creates a validated id.
    ///
    /// - Throws: ``StorageError/invalidIdentifier(_:reason:)`` when the id is empty, too long or holds a
    ///   control character.
    public init(_ rawValue: String) throws(StorageError) {
        if let reason = Self.problem(with: rawValue) {
            throw .invalidIdentifier(String(rawValue.prefix(80)), reason: reason)
        }
        self.rawValue = rawValue
    }

    /// Creates a validated id, or `nil` when ``init(_:)-(String)`` would throw.
    public init?(rawValue: String) {
        guard Self.problem(with: rawValue) == nil else { return nil }
        self.rawValue = rawValue
    }

    /// Creates the id of a UUID, in its lowercase canonical form.
    public init(_ uuid: UUID) {
        rawValue = UUIDText.lowercase(uuid)
    }

    /// The id's text.
    public var description: String { rawValue }

    /// Compares ids by their UTF-8 bytes (not Unicode canonical equivalence), as every store keys them.
    public static func == (lhs: RecordID, rhs: RecordID) -> Bool {
        lhs.rawValue.utf8.elementsEqual(rhs.rawValue.utf8)
    }

    /// Hashes the id's UTF-8 bytes, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue.utf8.count)
        for byte in rawValue.utf8 { hasher.combine(byte) }
    }

    /// Orders ids by their UTF-8 bytes, as the keyset pagination of every store does.
    public static func < (lhs: RecordID, rhs: RecordID) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }

    /// Decodes and validates an id.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        guard let problem = Self.problem(with: raw) else {
            rawValue = raw
            return
        }
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "invalid record id: \(problem)")
    }

    /// Encodes the id as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    private static func problem(with raw: String) -> String? {
        if raw.isEmpty { return "the id is empty" }
        let length = raw.utf8.count
        if length > maximumLength { return "the id is \(length) bytes long (at most \(maximumLength))" }
        if containsControlCharacter(raw) { return "the id contains a control character" }
        return nil
    }

    /// Whether the text holds a character of general category Cc, exactly U+0000–U+001F and U+007F–U+009F (stable
    /// by Unicode policy). Read on the UTF-8 bytes, not through `properties.generalCategory` (a table lookup per
    /// scalar that cost more than the rest of reading a query row) nor the scalar view (decoding each scalar):
    /// in valid UTF-8, those scalars are the bytes below 0x20, 0x7F, and 0xC2 followed by 0x80–0x9F.
    private static func containsControlCharacter(_ raw: String) -> Bool {
        var afterC2 = false
        for byte in raw.utf8 {
            if byte < 0x20 || byte == 0x7F || (afterC2 && byte <= 0x9F) { return true }
            afterC2 = byte == 0xC2
        }
        return false
    }
}
