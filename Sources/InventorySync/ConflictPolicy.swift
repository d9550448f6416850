import Foundation

/// How a local change and a different remote state of the same record are reconciled.
///
/// `Value` is the record type; a `nil` value is a deletion (tombstone).
public enum ConflictPolicy<Value: Sendable>: Sendable, CustomStringConvertible {
    /// The write with the greater ``SyncStamp`` wins (updatedAt, then version, then replica id): the same
    /// winner on every replica.
    case lastWriteWins
    /// The remote state wins; the local change is dropped.
    case remoteWins
    /// The local change wins; it is pushed again over the remote state.
    case localWins
    /// A custom merge of both values; used when both exist (a deletion on either side falls back to
    /// ``lastWriteWins``). The merged value is pushed as a new write.
    case merge(@Sendable (_ local: Value, _ remote: Value) -> Value)

    /// The policy's name, for events and logs.
    public var description: String {
        switch self {
        case .lastWriteWins: "lastWriteWins"
        case .remoteWins: "remoteWins"
        case .localWins: "localWins"
        case .merge: "merge"
        }
    }

    /// Decides between a local change and the remote state.
    ///
    /// - Returns: `keepRemote` (adopt the remote state), `keepLocal`
    ///   (push the local change again over the remote state), or `merged(_:)`.
    package func resolve(
        local: Value?, localStamp: SyncStamp, remote: Value?, remoteStamp: SyncStamp
    ) -> ConflictResolution<Value> {
        switch self {
        case .remoteWins:
            return .keepRemote
        case .localWins:
            return .keepLocal
        case .lastWriteWins:
            return localStamp > remoteStamp ? .keepLocal : .keepRemote
        case .merge(let merge):
            guard let local, let remote else { return localStamp > remoteStamp ? .keepLocal : .keepRemote }
            return .merged(merge(local, remote))
        }
    }
}

/// The outcome of a ``ConflictPolicy``.
package enum ConflictResolution<Value: Sendable>: Sendable {
    /// Adopt the remote state locally and drop the local change.
    case keepRemote
    /// Push the local change again, over the remote state.
    case keepLocal
    /// Push this merged value as a new write.
    case merged(Value)

    /// `keepRemote`, `keepLocal` or `merged`.
    package var name: String {
        switch self {
        case .keepRemote: "keepRemote"
        case .keepLocal: "keepLocal"
        case .merged: "merged"
        }
    }
}
