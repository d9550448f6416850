/// A device whose bearer token matched a live (not revoked, household not erased) device row.
public struct AuthenticatedDevice: Sendable, Hashable {
    /// The device.
    public let deviceID: DeviceID
    /// The one household this device may read and write.
    public let householdID: HouseholdID

    /// Creates a value.
    public init(deviceID: DeviceID, householdID: HouseholdID) {
        self.deviceID = deviceID
        self.householdID = householdID
    }
}
