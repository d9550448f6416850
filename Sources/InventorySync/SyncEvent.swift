import Foundation

/// Something the sync engine did, for observers (UI badges, telemetry) instead of logs.
///
/// Typed by the module: a product catalog emits `SyncEvent<ProductID, ProductFeed>`, an inventory
/// `SyncEvent<UUID, HouseholdID>` (journal entry ids, households).
public enum SyncEvent<EntityID: Hashable & Sendable, Scope: Hashable & Sendable>: Hashable, Sendable,
    CustomStringConvertible
{
    /// How many local changes wait to be pushed (quarantined ones included).
    case pendingCount(Int)
    /// Operations the remote acknowledged (applied now or before).
    case pushed([SyncOperationReference<EntityID>])
    /// A push failed and will be retried at ``SyncFailure/nextRetryAt``.
    case failed(SyncFailure<EntityID>)
    /// An operation was quarantined after a permanent error or too many attempts; other operations go on.
    case quarantined(SyncFailure<EntityID>)
    /// A conflict was resolved by the module's policy.
    case conflictResolved(SyncConflict<EntityID>)
    /// Quarantined operations got a fresh set of attempts.
    case requeued([SyncOperationReference<EntityID>])
    /// A quarantined operation was discarded by the app, for the reason given; it will never be pushed.
    case discarded(SyncOperationReference<EntityID>, reason: String)
    /// Remote changes of one scope were applied locally (the count of this page run, not a running total).
    case pulled(scope: Scope, count: Int)
    /// Pulling a scope failed; the pass went on with the other scopes and reports it.
    case pullFailed(scope: Scope, error: RemoteSyncError)
    /// Sync was skipped because the remote is unreachable.
    case offline
    /// The remote refused the device; the pass stopped and nothing was charged an attempt.
    case unauthorized(RemoteSyncError)
    /// A sync pass ended.
    case completed(SyncReport<Scope>)

    /// A one-line rendering.
    public var description: String {
        switch self {
        case .pendingCount(let count): "\(count) pending"
        case .pushed(let operations): "pushed \(operations.count)"
        case .failed(let failure), .quarantined(let failure): failure.description
        case .conflictResolved(let conflict): conflict.description
        case .requeued(let operations): "requeued \(operations.count)"
        case .discarded(let operation, let reason): "discarded \(operation): \(reason)"
        case .pulled(let scope, let count): "pulled \(count) in \(scope)"
        case .pullFailed(let scope, let error): "pull of \(scope) failed: \(error)"
        case .offline: "offline"
        case .unauthorized(let error): "sync stopped: \(error)"
        case .completed(let report): "sync completed: \(report)"
        }
    }
}
