import SyncWire

/// One page of a household's change log.
package struct ChangePage: Sendable, Equatable {
    /// The changes, in `seq` order.
    package let changes: [Change<JSONFragment>]
    /// Whether more changes follow the last one.
    package let hasMore: Bool

    /// Creates a page.
    package init(changes: [Change<JSONFragment>], hasMore: Bool) {
        self.changes = changes
        self.hasMore = hasMore
    }
}
