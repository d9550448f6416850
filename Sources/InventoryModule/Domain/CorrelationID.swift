import Foundation

/// A caller-supplied id that groups related commands, e.g. every booking of one shopping trip.
public struct CorrelationID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The id's UUID.
    public let rawValue: UUID

    /// Wraps a UUID.
    public init(rawValue: UUID) {
        self.rawValue = rawValue
    }

    /// Wraps a UUID.
    public init(_ uuid: UUID) {
        self.rawValue = uuid
    }

    /// Parses the id from UUID text, in any letter case.
    ///
    /// - Throws: ``InventoryIDError/notAUUID(_:_:)`` (kind ``InventoryIDKind/correlation``) when `text` is not a UUID.
    public init(parsing text: String) throws(InventoryIDError) {
        guard let uuid = UUID(uuidString: text) else { throw .notAUUID(.correlation, String(text.prefix(80))) }
        self.rawValue = uuid
    }

    /// Decodes the id from a single UUID string.
    ///
    /// - Throws: `DecodingError` when the value is not a UUID string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.rawValue = try container.decode(UUID.self)
    }

    /// Encodes the id as a single UUID string.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The lowercase UUID text.
    public var description: String { rawValue.uuidString.lowercased() }

    /// Orders ids by their UUID text, identically on every platform.
    public static func < (lhs: CorrelationID, rhs: CorrelationID) -> Bool {
        lhs.rawValue.uuidString < rhs.rawValue.uuidString
    }
}
