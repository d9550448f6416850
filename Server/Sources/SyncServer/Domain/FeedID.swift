import Foundation

/// The identity of a household's calendar feed token.
public struct FeedID: Hashable, Sendable, Codable, CustomStringConvertible {
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
}
