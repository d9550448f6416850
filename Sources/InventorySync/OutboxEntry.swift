import Foundation
import InventoryKit

/// One durable change waiting to reach the remote: written in the same local transaction as the change itself,
/// deleted only after the remote acknowledged it.
///
/// Entries are ordered by ``sequence`` (per replica, increasing). The ``operationID`` makes a replay idempotent:
/// a remote that has seen the operation acknowledges it again without applying it twice. When a newer local
/// change of the same record replaces a pending entry, the replaced operation ids are kept in
/// ``supersededOperationIDs`` so the remote recognizes its own earlier writes as the base of the new one.
public struct OutboxEntry<Payload: OutboxPayload>: StorableRecord {
    /// The operation's idempotency key.
    public var operationID: UUID
    /// The id of the record the change is about.
    public var entityID: String
    /// The order of enqueueing on this replica.
    public var sequence: Int64
    /// The change.
    public var payload: Payload
    /// When the change was enqueued.
    public var enqueuedAt: Date
    /// How many pushes of this entry failed.
    public var attempts: Int
    /// When the next push may happen; `nil` means now.
    public var nextAttemptAt: Date?
    /// The last push error.
    public var lastError: String?
    /// Whether the entry is quarantined: kept and reported, never retried automatically.
    public var isQuarantined: Bool
    /// Operations of the same record that this entry replaced before they were acknowledged (at most 64).
    public var supersededOperationIDs: [UUID]

    /// The most superseded operation ids an entry remembers.
    package static var supersededLimit: Int { 64 }

    /// Creates an entry.
    public init(
        operationID: UUID, entityID: String, sequence: Int64, payload: Payload, enqueuedAt: Date, attempts: Int = 0,
        nextAttemptAt: Date? = nil, lastError: String? = nil, isQuarantined: Bool = false,
        supersededOperationIDs: [UUID] = []
    ) {
        self.operationID = operationID
        self.entityID = entityID
        self.sequence = sequence
        self.payload = payload
        self.enqueuedAt = enqueuedAt
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
        self.isQuarantined = isQuarantined
        self.supersededOperationIDs = supersededOperationIDs
    }

    /// Entries live in their payload's outbox collection.
    public static var collection: RecordCollection { Payload.outboxCollection }

    /// The key: the operation id.
    public var recordID: RecordID { RecordID(operationID) }

    /// Indexed for the due-entry query: entity, sequence, quarantine and next attempt.
    public var indexedFields: [String: FieldValue] {
        [
            "entityID": .string(entityID), "sequence": .int(sequence), "quarantined": .bool(isQuarantined),
            "nextAttemptAt": nextAttemptAt.map { .date($0) } ?? .null,
        ]
    }

    /// Whether the entry may be pushed at `now`.
    package func isDue(at now: Date) -> Bool {
        !isQuarantined && (nextAttemptAt.map { $0 <= now } ?? true)
    }

    /// The entry after a failed push: one more attempt, the next attempt scheduled by the policy, or
    /// quarantined when the error is permanent or the attempts are exhausted.
    ///
    /// - Returns: the updated entry and the record's new ``SyncStatus``.
    package func failed(
        with error: RemoteSyncError, at now: Date, policy: RetryPolicy, random: RandomSource
    ) -> (entry: OutboxEntry, status: SyncStatus) {
        var entry = self
        entry.attempts += 1
        entry.lastError = error.description
        if !error.isRetryable || policy.isExhausted(afterAttempts: entry.attempts) {
            entry.isQuarantined = true
            entry.nextAttemptAt = nil
        } else {
            entry.nextAttemptAt = now.addingTimeInterval(policy.delay(forRetry: entry.attempts - 1, random: random))
        }
        let status = SyncStatus.failed(
            retryCount: entry.attempts, lastError: error.description, nextRetryAt: entry.nextAttemptAt)
        return (entry, status)
    }

    /// A new entry for a newer change of the same record that replaces this one, remembering this entry's
    /// operation (and those it replaced) as superseded.
    package func superseded(by newer: OutboxEntry) -> OutboxEntry {
        var entry = newer
        let history = supersededOperationIDs + [operationID] + newer.supersededOperationIDs
        entry.supersededOperationIDs = Array(history.suffix(Self.supersededLimit))
        return entry
    }

    /// The due entries first by sequence: the query a store runs to find work.
    public static func dueQuery(limit: Int) -> RecordQuery {
        RecordQuery(filter: .equals("quarantined", .bool(false)), sort: [.ascending("sequence")], limit: limit)
    }

    /// The entries due at `now` (not quarantined, no next attempt after `now`), first by sequence: the query a
    /// store runs for one push round, on the indexed fields.
    public static func dueQuery(at now: Date, limit: Int) -> RecordQuery {
        let filter = RecordFilter.and([
            .equals("quarantined", .bool(false)),
            .or([.not(.exists("nextAttemptAt")), .lessThanOrEqual("nextAttemptAt", .date(now))]),
        ])
        return RecordQuery(filter: filter, sort: [.ascending("sequence")], limit: max(1, min(limit, RecordQuery.maximumLimit)))
    }

    /// The entries due at `now`, up to `limit`, found among the pending (not quarantined) entries in enqueue
    /// order that `pending(n)` returns — for stores that cannot query on the next attempt.
    ///
    /// Reads `limit × 10` entries first and, when those hold too few due ones, the first
    /// `RecordQuery.maximumLimit`; due entries behind more waiting ones than that are found once those are due
    /// or quarantined.
    public static func due(
        at now: Date, limit: Int, amongPending pending: (Int) async throws -> [OutboxEntry]
    ) async throws -> [OutboxEntry] {
        let limit = max(1, min(limit, RecordQuery.maximumLimit))
        var scan = min(limit * 10, RecordQuery.maximumLimit)
        while true {
            let entries = try await pending(scan)
            let due = Array(entries.lazy.filter { $0.isDue(at: now) }.prefix(limit))
            if due.count == limit || entries.count < scan || scan == RecordQuery.maximumLimit { return due }
            scan = RecordQuery.maximumLimit
        }
    }
}

extension OutboxEntry: Equatable where Payload: Equatable {}
extension OutboxEntry: Hashable where Payload: Hashable {}
