import Foundation
import InventoryModule

/// A household's state as the server's replica folded it: the same ``InventoryState`` a device has after pulling
/// every change, and the `seq` of the log it reflects.
package struct ReplicaView: Sendable {
    /// The highest `seq` of the household's log the state has folded (0 for an empty log).
    package let seq: Int64
    /// The household's projected state, folded by the kit's own `InventoryProjector`.
    package let state: InventoryState
    /// When the replica reached `seq`.
    package let foldedAt: Date

    /// Creates a view.
    package init(seq: Int64, state: InventoryState, foldedAt: Date) {
        self.seq = seq
        self.state = state
        self.foldedAt = foldedAt
    }
}

/// Where routes read a household's folded state from (``HouseholdReplicas`` on PostgreSQL).
package protocol HouseholdViewSource: Sendable {
    /// The household's state, folded at least through `atLeast` when given (waiting, bounded, for the replica to
    /// get there), else through every change committed when the call started.
    /// - Throws: `SyncStoreError.householdNotFound` for an unknown or erased household; ``APIError`` when the
    ///   replica did not reach `atLeast` in time.
    func view(of household: HouseholdID, atLeast: Int64?) async throws -> ReplicaView
}
