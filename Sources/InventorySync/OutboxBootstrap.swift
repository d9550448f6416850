import Foundation

/// A snapshot a module fetched in place of its scope's feed, ready to be loaded: ``load`` runs inside the
/// service's gate, looks again at what the fetch decided on (the cursor, the outbox), and commits the snapshot
/// with the scope's new cursor — or answers `nil` when something changed meanwhile (the pull then goes on from the
/// stored cursor).
package struct OutboxBootstrap: Sendable {
    /// Where the snapshot leaves a loaded scope.
    package struct Loaded: Sendable {
        /// The scope's cursor after the snapshot.
        package var cursor: Int64
        /// How many changes the snapshot holds (reported as pulled).
        package var count: Int

        package init(cursor: Int64, count: Int) {
            self.cursor = cursor
            self.count = count
        }
    }

    /// Commits the snapshot; `nil` when it no longer applies.
    package var load: @Sendable () async throws -> Loaded?

    package init(load: @escaping @Sendable () async throws -> Loaded?) {
        self.load = load
    }
}

/// Thrown by `OutboxSyncAdapter.adopt(_:of:acknowledged:)` when a page cannot be applied onto the snapshot the
/// scope started from on this device (it reaches before it): the engine loads a newer snapshot that holds the
/// page, and pulls on after it.
package struct OutboxSnapshotRequired: Error, Sendable {
    /// The lowest remote position the new snapshot must cover: the page's cursor.
    package var atLeast: Int64?
    /// Why, for the report when no snapshot can be loaded now.
    package var reason: String

    package init(atLeast: Int64?, reason: String) {
        self.atLeast = atLeast
        self.reason = reason
    }
}
