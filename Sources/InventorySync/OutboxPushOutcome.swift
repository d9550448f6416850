import Foundation

/// What the remote did with one pushed operation, in the engine's terms; a module's gateway answers in its own
/// types and its `OutboxSyncAdapter` translates.
public enum OutboxPushOutcome<Conflict: Sendable>: Sendable {
    /// The operation is applied (now, or before: a replay of a known operation id is not applied twice).
    case applied
    /// The remote state differs from the operation's base; the module resolves it with its conflict policy.
    case conflict(Conflict)
    /// The remote refused this operation for good; it is quarantined, the others go on.
    case rejected(String)
}

/// A page of a remote change feed after a cursor.
public struct OutboxChangePage<Change: Sendable>: Sendable {
    /// The changes, in feed order.
    public var changes: [Change]
    /// The cursor to pass next time (the last position seen), or `nil` when the feed is empty.
    public var cursor: Int64?
    /// Whether more changes follow.
    public var hasMore: Bool

    /// Creates a page.
    public init(changes: [Change], cursor: Int64?, hasMore: Bool) {
        self.changes = changes
        self.cursor = cursor
        self.hasMore = hasMore
    }
}
