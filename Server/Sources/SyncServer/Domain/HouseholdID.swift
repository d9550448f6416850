import Foundation

/// The identity of a household: the unit that owns devices and a change log.
public struct HouseholdID: ServerUUIDID {
    /// The underlying UUID.
    public let rawValue: UUID

    /// Wraps a UUID.
    public init(_ rawValue: UUID) { self.rawValue = rawValue }
}
