import Foundation

/// A validated, string-based identifier of the inventory module: non-empty, at most 256 UTF-8 bytes and free of
/// control characters.
///
/// Conforming types store the validated text in `rawValue`, validate in `init?(rawValue:)` and wrap UUIDs in
/// `init(_:)`; this protocol's extension adds a throwing initializer, validating `Codable`, a description and a
/// byte-wise order.
///
/// ```swift
/// let pantry = try LocationID("pantry")
/// let missing = LocationID(rawValue: "")      // nil
/// try LocationID("")                           // throws InventoryIDError.empty(.location)
/// ```
public protocol InventoryStringID: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    CustomStringConvertible
where RawValue == String {
    /// The kind of id, named by validation errors.
    static var kind: InventoryIDKind { get }

    /// Creates the id whose text is the lowercase form of `uuid` (always valid).
    init(_ uuid: UUID)
}

// MARK: - Default implementations

extension InventoryStringID {
    /// The longest id accepted, in UTF-8 bytes.
    public static var maximumLength: Int { InventoryIDRules.maximumLength }

    /// Creates a validated id.
    ///
    /// - Throws: ``InventoryIDError/empty(_:)``, ``InventoryIDError/tooLong(_:byteCount:)`` or
    ///   ``InventoryIDError/controlCharacter(_:)`` naming the rule `raw` breaks.
    public init(_ raw: String) throws(InventoryIDError) {
        if let problem = InventoryIDRules.problem(with: raw, kind: Self.kind) { throw problem }
        guard let value = Self(rawValue: raw) else { throw .empty(Self.kind) }
        self = value
    }

    /// Decodes and validates an id from a single string.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the rule the string breaks.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        do {
            self = try Self(raw)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the id as a single string.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The id's text.
    public var description: String { rawValue }

    /// Orders ids by their UTF-8 bytes, identically on every platform.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }
}
