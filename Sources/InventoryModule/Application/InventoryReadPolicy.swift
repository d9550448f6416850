import Foundation

/// When household reads consult the remote: the read policies of the product module, for the inventory.
public enum InventoryReadPolicy: Hashable, Sendable {
    /// Never: ``InventoryModuleService/state(of:)`` answers from the local journal.
    case localOnly
    /// When the household was last pulled more than `staleAfter` seconds ago (or never, or at a time ahead of the
    /// clock) and the device is online, ``InventoryModuleService/state(of:)`` pulls it first (one sync pass; a
    /// failed pull does not throw, the local state answers). The time of the last successful pull is kept by the
    /// store (``InventoryJournalStore/lastPullTime(of:)``), so it outlives the service.
    case localThenRemoteIfStale(staleAfter: TimeInterval)
}
