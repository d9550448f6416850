import Foundation

/// When household reads consult the remote: the read policies of the product module, for the inventory.
public enum InventoryReadPolicy: Hashable, Sendable {
    /// Never: ``InventoryModuleService/state(of:)`` answers from the local journal.
    case localOnly
    /// When the household was last pulled more than `staleAfter` seconds ago (or not yet by this service) and the
    /// device is online, ``InventoryModuleService/state(of:)`` pulls it first (one sync pass; a failed pull does
    /// not throw, the local state answers).
    case localThenRemoteIfStale(staleAfter: TimeInterval)
}
