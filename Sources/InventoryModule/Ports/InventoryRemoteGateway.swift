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
}
