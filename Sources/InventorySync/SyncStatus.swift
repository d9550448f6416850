import Foundation

/// Where one record stands in offline-first sync.
///
/// The lifecycle: a local write makes a record ``pendingUpsert`` (or ``pendingDelete``); a remote ACK makes it
/// ``synced``; a failed push makes it ``failed(retryCount:lastError:nextRetryAt:)`` until a retry succeeds. A
/// failure with no `nextRetryAt` is quarantined: a permanent error (the remote rejected the data) that is not
/// retried and does not block other records.
public enum SyncStatus: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A local create or update waits to be pushed.
    case pendingUpsert
    /// A local delete waits to be pushed.
    case pendingDelete
    /// The local record equals the remote's.
    case synced
    /// Pushing failed; retried at `nextRetryAt`, or never when it is `nil` (quarantined).
    case failed(retryCount: Int, lastError: String, nextRetryAt: Date?)

    /// The status without its details, for filtering and indexing.
    public var kind: SyncStatusKind {
        switch self {
        case .pendingUpsert: .pendingUpsert
        case .pendingDelete: .pendingDelete
        case .synced: .synced
        case .failed: .failed
        }
    }

    /// Whether a local change still waits to reach the remote (pending or failed).
    public var hasUnsyncedChange: Bool { self != .synced }

    /// A readable rendering, such as `failed (3 retries, next at …): timeout`.
    public var description: String {
        switch self {
        case .pendingUpsert: "pending upsert"
        case .pendingDelete: "pending delete"
        case .synced: "synced"
        case .failed(let count, let error, let next):
            "failed (\(count) \(count == 1 ? "retry" : "retries"), "
                + (next.map { "next at \($0)" } ?? "quarantined") + "): \(error)"
        }
    }
}

/// The kind of a ``SyncStatus``, without details: what queries filter on.
public enum SyncStatusKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// See ``SyncStatus/pendingUpsert``.
    case pendingUpsert
    /// See ``SyncStatus/pendingDelete``.
    case pendingDelete
    /// See ``SyncStatus/synced``.
    case synced
    /// See ``SyncStatus/failed(retryCount:lastError:nextRetryAt:)``.
    case failed
}
