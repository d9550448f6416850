import Foundation

/// The outcome of one push round, decided by the engine, for the module to commit in one atomic step
/// (`OutboxSyncAdapter.settle(_:)`).
package struct OutboxRound<Payload: OutboxPayload, Conflict: Sendable>: Sendable {
    /// One failed operation: the entry as pushed, the entry after the failure (one more attempt, the next attempt
    /// scheduled, or quarantined), and the record's new status.
    package struct Failure: Sendable {
        /// The entry as it was pushed.
        package var entry: OutboxEntry<Payload>
        /// The entry to store instead.
        package var updated: OutboxEntry<Payload>
        /// The error.
        package var error: RemoteSyncError
        /// The sync status the record gets.
        package var status: SyncStatus

        /// Creates a failure.
        package init(entry: OutboxEntry<Payload>, updated: OutboxEntry<Payload>, error: RemoteSyncError, status: SyncStatus) {
            self.entry = entry
            self.updated = updated
            self.error = error
            self.status = status
        }
    }

    /// Entries the remote applied: they leave the outbox in the same commit.
    package var acknowledged: [OutboxEntry<Payload>] = []
    /// Entries that met a different remote state, with that state.
    package var conflicts: [(entry: OutboxEntry<Payload>, remote: Conflict)] = []
    /// Entries whose push failed.
    package var failures: [Failure] = []
    /// When the round was decided.
    package var now: Date

    /// Creates an empty round.
    package init(now: Date) {
        self.now = now
    }

    /// Whether the round changes nothing.
    package var isEmpty: Bool { acknowledged.isEmpty && conflicts.isEmpty && failures.isEmpty }
}

/// What a module reports back after committing a round: the conflicts it resolved, and the failures it did not
/// record because a newer local change had replaced the entry while it was in flight.
package struct OutboxSettlement<EntityID: Hashable & Sendable>: Sendable {
    /// The conflicts resolved, in round order.
    package var conflicts: [SyncConflict<EntityID>]
    /// Failed operations that were not recorded (superseded); they get no failure event.
    package var supersededFailures: Set<UUID>

    /// Creates a settlement.
    package init(conflicts: [SyncConflict<EntityID>] = [], supersededFailures: Set<UUID> = []) {
        self.conflicts = conflicts
        self.supersededFailures = supersededFailures
    }
}

/// A quarantined operation as an app inspects it: the entry, how old it is and why it stopped.
public struct QuarantinedOperation<Payload: OutboxPayload>: Sendable {
    /// The outbox entry (payload, attempts, last error).
    public var entry: OutboxEntry<Payload>
    /// How long ago the change was made, at the time of the listing.
    public var age: TimeInterval
    /// The error that quarantined it.
    public var lastError: String

    /// Creates a listing row.
    public init(entry: OutboxEntry<Payload>, age: TimeInterval, lastError: String) {
        self.entry = entry
        self.age = age
        self.lastError = lastError
    }

    /// The operation's idempotency key.
    public var operationID: UUID { entry.operationID }
}

extension QuarantinedOperation: Equatable where Payload: Equatable {}
extension QuarantinedOperation: Hashable where Payload: Hashable {}
