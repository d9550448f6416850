import Foundation

/// Something the sync engine did, for observers (UI badges, telemetry) instead of logs.
public enum SyncEvent: Hashable, Sendable, CustomStringConvertible {
    /// How many local changes wait to be pushed.
    case pendingCount(Int)
    /// Records the remote acknowledged.
    case pushed([String])
    /// A push failed and will be retried at `nextRetryAt` (or never, when quarantined).
    case failed(id: String, error: String, retryCount: Int, nextRetryAt: Date?)
    /// A change was quarantined after a permanent error or too many attempts; other changes go on.
    case quarantined(id: String, error: String)
    /// A conflict was resolved by a policy.
    case conflictResolved(id: String, policy: String, resolution: String)
    /// Remote changes were applied locally.
    case pulled(count: Int)
    /// Sync was skipped because the remote is unreachable.
    case offline
    /// A sync pass ended.
    case completed(pushed: Int, pulled: Int, failed: Int)

    /// A one-line rendering.
    public var description: String {
        switch self {
        case .pendingCount(let count): "\(count) pending"
        case .pushed(let ids): "pushed \(ids.count)"
        case .failed(let id, let error, let count, let next):
            "push of \(id) failed (\(count)): \(error); " + (next.map { "retry at \($0)" } ?? "quarantined")
        case .quarantined(let id, let error): "quarantined \(id): \(error)"
        case .conflictResolved(let id, let policy, let resolution): "conflict on \(id) resolved by \(policy): \(resolution)"
        case .pulled(let count): "pulled \(count)"
        case .offline: "offline"
        case .completed(let pushed, let pulled, let failed): "sync completed: \(pushed) pushed, \(pulled) pulled, \(failed) failed"
        }
    }
}
