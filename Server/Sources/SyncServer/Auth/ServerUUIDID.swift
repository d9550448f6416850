import Foundation

/// An identifier of the server's that is a UUID (``HouseholdID``, ``DeviceID``, ``FeedID``, ``MemberID``).
///
/// Conforming types store the UUID in `rawValue`; this protocol's extension adds parsing from text, a lower-case
/// description (as URLs and the database show ids) and `Codable` as that one string.
package protocol ServerUUIDID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The underlying UUID.
    var rawValue: UUID { get }

    /// Wraps a UUID (every UUID is a valid id).
    init(_ rawValue: UUID)
}

extension ServerUUIDID {
    /// Parses UUID text in any letter case; `nil` when it is not one.
    package init?(_ string: String) {
        guard let uuid = UUID(uuidString: string) else { return nil }
        self.init(uuid)
    }

    /// The lower-case UUID text.
    package var description: String { rawValue.uuidString.lowercased() }

    /// Decodes UUID text.
    /// - Throws: `DecodingError` when the value is not UUID text.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let id = Self(try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(Self.self) must be a UUID")
        }
        self = id
    }

    /// Encodes the lower-case UUID text.
    /// - Throws: the encoder's error.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
