import Foundation
import InventorySync

/// The remote side of inventory sync: a shared journal per household.
///
/// Implementer obligations (the in-memory gateway of `InventoryModuleTesting` is the reference):
/// - ``push(_:)`` appends each entry once; an entry id seen before answers ``InventoryPushOutcome/applied(sequence:)``
///   again without appending it twice. Entries are never changed or removed.
/// - Every appended entry gets the next sequence of its household's feed; ``changes(of:after:limit:)`` returns the
///   entries appended after a cursor, in sequence order.
/// - Throw `RemoteSyncError` so the engine retries or quarantines correctly.
///
/// Because stock changes are journal operations, pushes never conflict: two devices that consumed from the same
/// lot offline both land in the journal, and every replica's projection counts both.
public protocol InventoryRemoteGateway: Sendable {
    /// Appends entries to their households' journals.
    ///
    /// - Throws: `RemoteSyncError` when the whole call failed (it may have been applied: replays are safe).
    func push(_ entries: [InventoryJournalEntry]) async throws -> [InventoryPushResult]

    /// A household's entries appended after `cursor` (from the start when `nil`), at most `limit`.
    ///
    /// - Throws: `RemoteSyncError`.
    func changes(of household: HouseholdID, after cursor: Int64?, limit: Int) async throws -> InventoryChangeBatch

    /// The household's folded state at a sequence number of at least `seq` (any when `nil`), for a device that
    /// joins without pulling the whole history; `nil` when the remote serves no snapshots or has none of this
    /// household (an empty journal). The snapshot's state must be exactly the fold of every entry numbered at or
    /// below ``InventorySnapshot/seq``.
    ///
    /// The engine asks for one when a device that has no pending entries for the household pulls it for the first
    /// time (or after `RemoteSyncError.resyncRequired(_:)`), and when pulled entries reach before the snapshot the
    /// device joined from (``InventorySnapshotFloor``). Default: `nil` (the device pulls every entry).
    ///
    /// - Throws: `RemoteSyncError`.
    func snapshot(of household: HouseholdID, atLeast seq: Int64?) async throws -> InventorySnapshot?
}

// MARK: - Default implementations

extension InventoryRemoteGateway {
    /// No snapshots: a device pulls the household's journal from its start.
    public func snapshot(of household: HouseholdID, atLeast seq: Int64?) async throws -> InventorySnapshot? { nil }
}
