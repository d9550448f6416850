import Foundation

/// The identity of a household member: a person who reads and changes the household from a browser. Encoded as
/// its lower-case UUID string.
public struct MemberID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The underlying UUID.
    public let rawValue: UUID

    /// Wraps a UUID.
    public init(_ rawValue: UUID) { self.rawValue = rawValue }

    /// Parses a UUID string; `nil` when it is not one.
    public init?(_ string: String) {
        guard let uuid = UUID(uuidString: string) else { return nil }
        self.rawValue = uuid
    }

    /// The lower-case UUID string.
    public var description: String { rawValue.uuidString.lowercased() }

    /// Decodes a UUID string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let id = MemberID(try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a member id must be a UUID")
        }
        self = id
    }

    /// Encodes the lower-case UUID string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// The replica id the journal entries this member writes on the web carry: `web:<member id>`, so every
    /// device sees who wrote them and can undo them.
    public var replicaName: String { "web:\(description)" }
}
