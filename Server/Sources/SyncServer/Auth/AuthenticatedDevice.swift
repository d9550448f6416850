/// A device whose bearer token matched a live (not revoked, household not erased) device row.
package struct AuthenticatedDevice: Sendable, Hashable {
    /// The device.
    package let deviceID: DeviceID
    /// The one household this device may read and write.
    package let householdID: HouseholdID

    /// Creates a value.
    package init(deviceID: DeviceID, householdID: HouseholdID) {
        self.deviceID = deviceID
        self.householdID = householdID
    }
}
