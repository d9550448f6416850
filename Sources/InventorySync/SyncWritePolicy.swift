import Foundation

/// When local changes are pushed.
public enum SyncWritePolicy: Hashable, Sendable {
    /// Commit locally, return, then push in the background when online.
    case localThenRemoteImmediate
    /// Commit locally and leave the change in the outbox for the next explicit sync pass.
    case localThenEnqueue
}
