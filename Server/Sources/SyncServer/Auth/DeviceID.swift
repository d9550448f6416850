import Foundation

/// The identity of a device registered with a household.
package struct DeviceID: ServerUUIDID {
    /// The underlying UUID.
    package let rawValue: UUID

    /// Wraps a UUID.
    package init(_ rawValue: UUID) { self.rawValue = rawValue }
}
