import Foundation

/// Where a device's journal of a household starts when the device joined from an ``InventorySnapshot``: the
/// snapshot's checkpoint (kept as long as the floor is) and the remote sequence number it covers.
///
/// Such a device holds the household's state exactly as a device that pulled everything, but not the entries
/// before its floor. Two things follow, both handled by the kit:
/// - A pulled entry that sorts before the floor (a late arrival from a device that was offline) or that undoes a
///   transaction the snapshot holds cannot be folded onto it: the device loads a newer snapshot that holds it
///   instead, once it has pushed its own waiting entries (a pull meanwhile reports the household's pull as failed
///   and keeps the device's state as it was).
/// - The device cannot undo a transaction its snapshot holds: ``InventoryModuleService/perform(_:in:correlationID:idempotencyKey:)``
///   throws ``InventoryError/undoBeforeSnapshot(_:snapshotSeq:)`` (a device that holds the history can).
public struct InventorySnapshotFloor: Hashable, Sendable, Codable {
    /// The snapshot's checkpoint: the journal position its state covers.
    public var mark: InventoryCheckpointMark
    /// The remote sequence number the snapshot covers.
    public var seq: Int64

    /// Creates a floor.
    public init(mark: InventoryCheckpointMark, seq: Int64) {
        self.mark = mark
        self.seq = seq
    }

    /// The household it belongs to.
    public var householdID: HouseholdID { mark.householdID }
}
