import Foundation

/// The identity of a household: the unit that owns devices and a change log.
package struct HouseholdID: ServerUUIDID {
    /// The underlying UUID.
    package let rawValue: UUID

    /// Wraps a UUID.
    package init(_ rawValue: UUID) { self.rawValue = rawValue }
}
