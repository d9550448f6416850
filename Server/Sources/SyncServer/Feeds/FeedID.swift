import Foundation

/// The identity of a household's calendar feed token.
package struct FeedID: ServerUUIDID {
    /// The underlying UUID.
    package let rawValue: UUID

    /// Wraps a UUID.
    package init(_ rawValue: UUID) { self.rawValue = rawValue }
}
