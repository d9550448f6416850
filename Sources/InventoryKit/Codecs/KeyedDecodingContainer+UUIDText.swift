import Foundation

extension CodingUserInfoKey {
    /// Set (to `true`) by a decoder whose UUIDs are JSON strings, such as ``RecordCoding``'s: ids may then be read
    /// as text through ``UUIDText/parse(_:)``. A decoder without it (the binary checkpoint format writes a UUID as
    /// its 16 bytes) is asked for `UUID` itself.
    package static let uuidsAreText = CodingUserInfoKey(rawValue: "inventorykit.uuidsAreText")!
}

extension Decoder {
    /// Whether this decoder's UUIDs are strings that ``UUIDText/parse(_:)`` may read (``CodingUserInfoKey/uuidsAreText``).
    package var uuidsAreText: Bool { userInfo[.uuidsAreText] as? Bool == true }

    /// A single UUID value, read as `UUID`'s own `Decodable` reads it, through ``UUIDText/parse(_:)`` where the
    /// decoder allows.
    ///
    /// - Throws: `DecodingError` when the value is not a UUID.
    package func decodeSingleUUID() throws -> UUID {
        let container = try singleValueContainer()
        guard uuidsAreText else { return try container.decode(UUID.self) }
        guard let uuid = UUIDText.parse(try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Attempted to decode UUID from invalid UUID string.")
        }
        return uuid
    }
}

extension KeyedDecodingContainer {
    /// The UUID stored under `key`, read as `decode(UUID.self, forKey:)` reads it, through ``UUIDText/parse(_:)``
    /// where `decoder` allows (``Decoder/uuidsAreText``).
    ///
    /// - Throws: `DecodingError` when the value is missing, not a string, or not a UUID.
    package func decodeUUID(forKey key: Key, of decoder: any Decoder) throws -> UUID {
        guard decoder.uuidsAreText else { return try decode(UUID.self, forKey: key) }
        guard let uuid = UUIDText.parse(try decode(String.self, forKey: key)) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Attempted to decode UUID from invalid UUID string.")
        }
        return uuid
    }
}
