import SyncWire

/// One page of a household's change log.
public struct ChangePage: Sendable, Equatable {
    /// The changes, in `seq` order.
    public let changes: [Change<JSONFragment>]
    /// Whether more changes follow the last one.
    public let hasMore: Bool

    /// Creates a page.
    public init(changes: [Change<JSONFragment>], hasMore: Bool) {
        self.changes = changes
        self.hasMore = hasMore
    }
}
