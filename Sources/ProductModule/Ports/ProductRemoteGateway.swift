import Foundation
import InventoryKit
import InventorySync

/// The remote side of product sync: a server (PostgreSQL behind an API), a cloud database, or another store.
///
/// Implementer obligations (the in-memory gateway of `InventoryKitTesting` is the reference):
/// - ``push(_:)`` applies a change only when the remote state's stamp equals the change's `baseStamp` (or the
///   remote has no record and there is no base), or when the remote state was written by one of the request's
///   `supersededOperationIDs`; otherwise it answers ``ProductPushOutcome/conflict(current:)``.
/// - Pushing an operation id that was already applied answers ``ProductPushOutcome/applied(sequence:)`` again
///   without applying it twice.
/// - Every applied change gets the next sequence of the change feed; ``changes(after:limit:)`` returns the latest
///   state of each record changed after a cursor, in sequence order, tombstones included.
/// - Throw `RemoteSyncError` (`offline`, `timeout`, `transient`, `permanent`) so the engine retries or
///   quarantines correctly.
public protocol ProductRemoteGateway: Sendable {
    /// The remote state of a product (or its tombstone), or `nil`.
    ///
    /// - Throws: `RemoteSyncError`.
    func fetch(_ id: ProductID) async throws -> RemoteProductRecord?

    /// One page of remote products, with the semantics of ``ProductQueryEvaluator`` (post-filter with it
    /// whatever the remote cannot execute).
    ///
    /// - Throws: `RemoteSyncError` or ``ProductQueryError``.
    func query(_ query: ProductQuery) async throws -> ProductPage

    /// Pushes changes; the results answer each request by operation id.
    ///
    /// - Throws: `RemoteSyncError` when the whole call failed (it may have been applied: replays are safe).
    func push(_ requests: [ProductPushRequest]) async throws -> [ProductPushResult]

    /// Records changed after `cursor` (from the start when `nil`), at most `limit`.
    ///
    /// - Throws: `RemoteSyncError`.
    func changes(after cursor: Int64?, limit: Int) async throws -> ProductChangeBatch
}
