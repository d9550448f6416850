import Foundation

/// Which outbox operation an event or a report is about: its idempotency key and the typed id of the entity it
/// changes (a `ProductID`, a journal entry's id).
public struct SyncOperationReference<EntityID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The operation's idempotency key (the outbox entry's ``OutboxEntry/operationID``).
    public var operationID: UUID
    /// The entity the operation changes.
    public var entityID: EntityID

    /// Creates a reference.
    public init(operationID: UUID, entityID: EntityID) {
        self.operationID = operationID
        self.entityID = entityID
    }

    /// `entity (operation)`.
    public var description: String { "\(entityID) (\(operationID.uuidString.lowercased()))" }
}

/// One failed push of one operation, as events report it.
public struct SyncFailure<EntityID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The operation.
    public var operation: SyncOperationReference<EntityID>
    /// What went wrong.
    public var error: RemoteSyncError
    /// How many pushes of the operation have failed so far.
    public var attempts: Int
    /// When the engine retries it; `nil` when it is quarantined.
    public var nextRetryAt: Date?

    /// Creates a failure.
    public init(operation: SyncOperationReference<EntityID>, error: RemoteSyncError, attempts: Int, nextRetryAt: Date?) {
        self.operation = operation
        self.error = error
        self.attempts = attempts
        self.nextRetryAt = nextRetryAt
    }

    /// The category of ``error``.
    public var category: SyncErrorCategory { error.category }

    /// `push of … failed (2): …; retry at …` or `… quarantined`.
    public var description: String {
        "push of \(operation) failed (\(attempts)): \(error); "
            + (nextRetryAt.map { "retry at \($0)" } ?? "quarantined")
    }
}

/// A conflict the module's policy resolved during a push.
public struct SyncConflict<EntityID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The operation that met the conflict.
    public var operation: SyncOperationReference<EntityID>
    /// The policy's name (`mergeFields`, `lastWriteWins`, …).
    public var policy: String
    /// What it decided (`mergedFields`, `keepRemote`, `keepLocal`, `merged`).
    public var resolution: String
    /// The fields a field-by-field merge decided (``ConflictPolicy/mergeFields``); empty for whole-record policies.
    public var decisions: [SyncFieldDecision]

    /// Creates a conflict note.
    public init(
        operation: SyncOperationReference<EntityID>, policy: String, resolution: String, decisions: [SyncFieldDecision] = []
    ) {
        self.operation = operation
        self.policy = policy
        self.resolution = resolution
        self.decisions = decisions
    }

    /// `conflict on … resolved by …: …`, with the decided fields.
    public var description: String {
        let fields = decisions.isEmpty ? "" : " (" + decisions.map(\.description).joined(separator: "; ") + ")"
        return "conflict on \(operation) resolved by \(policy): \(resolution)\(fields)"
    }
}
