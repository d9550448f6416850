import Foundation

/// How a local change and a different remote state of the same record are reconciled.
///
/// `Value` is the record type; a `nil` value is a deletion (tombstone).
///
/// The catalog's default is ``mergeFields``: every field either side changed is kept, and a field both changed is
/// decided by the later write. The whole-record policies stay available for apps that want them.
public enum ConflictPolicy<Value: Sendable>: Sendable, CustomStringConvertible {
    /// Field by field: each write carries the stamp of every field it changed, so a field changed on one side only
    /// is kept whichever side wrote it, and a field changed on both sides is decided by the greater stamp (later
    /// time, then higher version, then the greater replica id) — the same on every replica. A deletion against an
    /// edit is decided by the records' stamps, as ``lastWriteWins`` does: the deletion wins unless the edit is
    /// later. Every decided field leaves a ``SyncFieldDecision`` in the conflict's note. The module that owns the
    /// record type does the merge.
    case mergeFields
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
        case .mergeFields: "mergeFields"
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
        case .mergeFields:
            guard local != nil, remote != nil else { return localStamp > remoteStamp ? .keepLocal : .keepRemote }
            return .mergeFields
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
    /// Merge field by field (``ConflictPolicy/mergeFields``): the module owning the record type merges with the
    /// stamps of each side's fields and pushes the result as a new write (or adopts the remote state when no local
    /// field wins).
    case mergeFields

    /// `keepRemote`, `keepLocal` or `merged`.
    package var name: String {
        switch self {
        case .keepRemote: "keepRemote"
        case .keepLocal: "keepLocal"
        case .merged: "merged"
        case .mergeFields: "mergedFields"
        }
    }
}
