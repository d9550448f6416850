import Foundation

/// The identity of a device registered with a household.
public struct DeviceID: ServerUUIDID {
    /// The underlying UUID.
    public let rawValue: UUID

    /// Wraps a UUID.
    public init(_ rawValue: UUID) { self.rawValue = rawValue }
}
