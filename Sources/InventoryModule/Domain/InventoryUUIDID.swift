import Foundation
import InventoryKit

/// An identifier of the inventory module that is a UUID (``TransactionID``, ``CorrelationID``).
///
/// Conforming types store the UUID in `rawValue` and name their ``kind``; this protocol's extension adds the
/// wrapping and parsing initializers, `Codable` as a single UUID string, a lowercase description and an order by
/// UUID text that is the same on every platform.
///
/// ```swift
/// let trip = CorrelationID(UUID())
/// let parsed = try TransactionID(parsing: "6F1C0E2A-…")   // any letter case
/// try CorrelationID(parsing: "nope")                     // throws InventoryIDError.notAUUID(.correlation, "nope")
/// ```
public protocol InventoryUUIDID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible
where RawValue == UUID {
    /// The kind of id, named by parsing errors.
    static var kind: InventoryIDKind { get }

    /// Wraps a UUID (every UUID is a valid id).
    init(rawValue: UUID)
}

// MARK: - Default implementations

extension InventoryUUIDID {
    /// Wraps a UUID.
    public init(_ uuid: UUID) {
        self.init(rawValue: uuid)
    }

    /// Parses the id from UUID text, in any letter case.
    ///
    /// - Throws: ``InventoryIDError/notAUUID(_:_:)`` naming ``kind`` when `text` is not a UUID.
    public init(parsing text: String) throws(InventoryIDError) {
        guard let uuid = UUIDText.parse(text) else { throw .notAUUID(Self.kind, String(text.prefix(80))) }
        self.init(uuid)
    }

    /// Decodes the id from a single UUID string.
    ///
    /// - Throws: `DecodingError` when the value is not a UUID string.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.decodeSingleUUID())
    }

    /// Encodes the id as a single UUID string.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The lowercase UUID text.
    public var description: String { UUIDText.lowercase(rawValue) }

    /// Orders ids by their UUID text, identically on every platform.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        UUIDText.precedes(lhs.rawValue, rhs.rawValue)
    }
}
