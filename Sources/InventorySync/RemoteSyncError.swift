import Foundation

/// Why a remote call failed, as the sync engine needs to know it: retry later, or give up on the operation.
///
/// Remote gateways throw these; any other error thrown by a gateway is treated as ``transient(_:)``.
public enum RemoteSyncError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The remote cannot be reached.
    case offline
    /// The call timed out; it may or may not have been applied (replays are idempotent).
    case timeout
    /// A temporary failure (server busy, 5xx); retried with backoff.
    case transient(String)
    /// The remote rejected the data for good (validation, authorization); the operation is quarantined.
    case permanent(String)

    /// Whether retrying later can succeed.
    public var isRetryable: Bool {
        if case .permanent = self { return false }
        return true
    }

    /// A message saying what failed.
    public var description: String {
        switch self {
        case .offline: "the remote is unreachable"
        case .timeout: "the remote did not answer in time"
        case .transient(let reason): "temporary remote failure: \(reason)"
        case .permanent(let reason): "the remote rejected the change: \(reason)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    /// Classifies any error thrown by a gateway.
    public static func classify(_ error: any Error) -> RemoteSyncError {
        (error as? RemoteSyncError) ?? .transient(String(describing: error))
    }
}
