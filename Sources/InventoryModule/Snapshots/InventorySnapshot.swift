import Foundation

/// A household's folded state as a remote serves it to a device that joins: the kit's checkpoint of every journal
/// entry the remote numbered `seq` or lower, so the device loads it and pulls only the entries after `seq` instead
/// of the household's whole history.
///
/// A gateway answers it from ``InventoryRemoteGateway/snapshot(of:atLeast:)``; the sync engine loads it on its own
/// (see ``InventorySnapshotFloor`` for what a device that joined this way can and cannot do).
public struct InventorySnapshot: Sendable {
    /// The remote's sequence number the state covers: every entry numbered at or below it, none above.
    public var seq: Int64
    /// The state, as the kit's checkpoint (``InventoryCheckpoint/stateData`` in the documented checkpoint format).
    public var checkpoint: InventoryCheckpoint

    /// Creates a snapshot.
    public init(seq: Int64, checkpoint: InventoryCheckpoint) {
        self.seq = seq
        self.checkpoint = checkpoint
    }

    /// The household whose state it is.
    public var householdID: HouseholdID { checkpoint.mark.householdID }

    /// The floor a device that loads this snapshot keeps.
    public var floor: InventorySnapshotFloor { InventorySnapshotFloor(mark: checkpoint.mark, seq: seq) }
}
