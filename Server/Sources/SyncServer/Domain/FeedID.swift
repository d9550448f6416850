import Foundation

/// The identity of a household's calendar feed token.
public struct FeedID: ServerUUIDID {
    /// The underlying UUID.
    public let rawValue: UUID

    /// Wraps a UUID.
    public init(_ rawValue: UUID) { self.rawValue = rawValue }
}
