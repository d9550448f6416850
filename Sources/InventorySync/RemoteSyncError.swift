import Foundation

/// Why a remote call failed, as the sync engine needs to know it: retry later, give up on the operation, or stop
/// syncing until the user signs in again.
///
/// Remote gateways throw these; any other error thrown by a gateway is treated as ``transient(_:)``.
public enum RemoteSyncError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The remote cannot be reached.
    case offline
    /// The call timed out; it may or may not have been applied (replays are idempotent).
    case timeout
    /// A temporary failure (server busy, 5xx); retried with backoff.
    case transient(String)
    /// The remote rejected the data for good (validation); the operation is quarantined.
    case permanent(String)
    /// The remote refused the caller (HTTP 401/403, a revoked device): the pass stops, no operation is charged an
    /// attempt, and the engine does not retry on its own until the next explicit sync.
    case unauthorized(String)
    /// A pull's cursor can no longer be served (the remote compacted the changes after it, or the cursor is not
    /// from this remote): the engine drops the cursor and reconciles the scope from a pull that starts at the
    /// beginning, in which records the remote no longer holds are removed locally unless they have pending changes.
    case resyncRequired(String)
    /// The address does not answer like the sync service: a route it does not have (404, 405), an answer that is
    /// not the service's JSON (an HTML page), a redirect, a TLS failure, a host name that does not resolve. It is a
    /// mistake in the configuration, not a judgement on any change: the pass stops, no operation is charged an
    /// attempt or quarantined, and nothing is retried until the configuration changes or someone syncs again.
    case misconfigured(String)

    /// Whether retrying later can succeed without anyone acting.
    public var isRetryable: Bool {
        switch self {
        case .offline, .timeout, .transient, .resyncRequired: true
        case .permanent, .unauthorized, .misconfigured: false
        }
    }

    /// Whether the failure stops the pass without charging the operations sent an attempt: the remote refused
    /// the device (``unauthorized(_:)``) or is not the sync service (``misconfigured(_:)``). Only a change the
    /// remote refused on its merits (``permanent(_:)``), or one that failed too often, is quarantined.
    public var stopsWithoutCharge: Bool {
        switch self {
        case .unauthorized, .misconfigured: true
        case .offline, .timeout, .transient, .permanent, .resyncRequired: false
        }
    }

    /// The error's category, as events and reports carry it.
    public var category: SyncErrorCategory {
        switch self {
        case .offline, .timeout, .transient, .resyncRequired: .transient
        case .permanent: .permanent
        case .unauthorized: .unauthorized
        case .misconfigured: .configuration
        }
    }

    /// A message saying what failed.
    public var description: String {
        switch self {
        case .offline: "the remote is unreachable"
        case .timeout: "the remote did not answer in time"
        case .transient(let reason): "temporary remote failure: \(reason)"
        case .permanent(let reason): "the remote rejected the change: \(reason)"
        case .unauthorized(let reason): "the remote refused this device: \(reason)"
        case .resyncRequired(let reason): "the remote asks for a full resync: \(reason)"
        case .misconfigured(let reason): reason
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    /// Classifies any error thrown by a gateway.
    package static func classify(_ error: any Error) -> RemoteSyncError {
        (error as? RemoteSyncError) ?? .transient(String(describing: error))
    }
}

/// What kind of failure a sync problem is: what events and reports say instead of a free-form string.
public enum SyncErrorCategory: String, Hashable, Sendable, Codable, CaseIterable {
    /// Retried with backoff (offline, timeout, server busy, no answer for an operation).
    case transient
    /// Rejected for good: the operation is quarantined.
    case permanent
    /// The remote holds a different state; the module's conflict policy resolved it.
    case conflict
    /// The remote refused the device: sync stops until the next explicit pass.
    case unauthorized
    /// The remote is not the sync service as configured (a wrong address, a redirect, a TLS failure): sync stops,
    /// nothing is charged to any change.
    case configuration
}
