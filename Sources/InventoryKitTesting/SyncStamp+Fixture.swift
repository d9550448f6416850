import Foundation
import InventorySync

extension SyncStamp {
    /// A stamp for test data: version `version` written by `replica`, by default `version` seconds after
    /// `Date.fixtureEpoch`, so a higher version is also a later write.
    ///
    /// ```swift
    /// let base = SyncStamp.fixture(version: 1, replica: "phone")
    /// let edit = SyncStamp.fixture(version: 2, replica: "phone")   // one second later
    /// ```
    public static func fixture(version: Int, replica: ReplicaID = "tests", updatedAt: Date? = nil) -> SyncStamp {
        SyncStamp(
            updatedAt: updatedAt ?? Date.fixtureEpoch.addingTimeInterval(Double(version)), version: version,
            replicaID: replica)
    }
}
