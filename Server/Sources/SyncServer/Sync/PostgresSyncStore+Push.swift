import Foundation
import InventoryKit
import InventoryModule
import Logging
import PostgresNIO
import SyncWire

extension PostgresSyncStore {
    /// Stores a batch in one transaction under the household's counter lock (see the type's documentation);
    /// each change is judged by ``ChangeRules`` against the state the transaction sees, earlier changes of the
    /// batch included.
    ///
    /// Set-based: whatever the batch's size, it reads the op ids, entities and semantic-key holders it names in
    /// one statement after the lock (``PushBatchReader``), judges every change in memory in order (``PushBatch``),
    /// and writes changes, operations and entities with one multi-row statement each, the last one also moving the
    /// head — a push of journal entries holds the lock for four statements: the lock, the read, the insert and
    /// the commit. A journal entry writes its change row only: the row records its op id, and its presence is
    /// the entry's state (see ``SchemaMigrations``).
    package func push(_ changes: [PendingChange], to household: HouseholdID) async throws -> [StoreOutcome] {
        try await push(changes, to: household, expectingHead: nil)
    }

    /// The push above, refused with ``HeadMoved`` (nothing written) when `expectingHead` is given and the
    /// household's last `seq`, read under its lock, is another: a change decided against the state folded through
    /// `expectingHead` is appended only if nothing came in between (the web's commands, ``WebCommandService``).
    func push(_ changes: [PendingChange], to household: HouseholdID, expectingHead: Int64?) async throws -> [StoreOutcome] {
        if expectingHead == nil, let appended = try await appendIfNew(changes, to: household) { return appended }
        let logger = self.logger
        let householdID = household.rawValue
        let metrics = self.metrics
        let (outcomes, appended) = try await transaction { connection in
            // Takes the row lock that serializes this household's writers until commit; the wait is measured.
            let lockRequested = ContinuousClock.now
            var locked: Int64?
            for try await lastSeq in try await connection.execute(
                PushBatchReader.LockStatement(householdID: householdID), logger: logger)
            {
                locked = lastSeq
            }
            metrics.recordHouseholdLockWait(ContinuousClock.now - lockRequested)
            guard let first = locked else { throw SyncStoreError.householdNotFound(household) }
            if let expectingHead, expectingHead != first { throw HeadMoved(expected: expectingHead, found: first) }
            // Read after taking the lock, in a statement of its own, so an erase or a push that committed first is
            // seen.
            let reader = PushBatchReader(connection: connection, logger: logger, householdID: householdID)
            let slots = PushBatch.claimedSlots(of: changes)
            // A household whose log never moved (its first push, often a device's whole history) holds no op id,
            // change or entity yet: only its liveness is read, not 10 000 lookups that find nothing.
            let snapshot = first == 0
                ? PushBatchReader.Snapshot(isLive: try await Self.isLive(householdID, on: connection, logger: logger))
                : try await reader.read(changes, slots: slots)
            guard snapshot.isLive else { throw SyncStoreError.householdNotFound(household) }
            var batch = PushBatch(lastSeq: first, appliedOps: snapshot.appliedOps)
            batch.load(snapshot.entities)
            batch.markKnown(slots)

            var outcomes: [StoreOutcome] = []
            outcomes.reserveCapacity(changes.count)
            for change in changes {
                outcomes.append(try await Self.stage(change, in: &batch) { try await reader.holders(of: [$0]) })
            }
            try await PushBatchWriter(connection: connection, logger: logger, householdID: householdID)
                .write(batch, movingHeadFrom: first)
            return (outcomes, batch.changes.compactMap { row in row.entry.map { (seq: row.seq, entry: $0) } })
        }
        // Committed: the journal entries appended, for the replica (``AppendedJournal``).
        appendedJournal.record(appended, of: household)
        return outcomes
    }

    /// Judges one change against the batch's view and stages what it writes; `holders` reads the holders of a
    /// slot the batch has not loaded.
    static func stage(
        _ change: PendingChange, in batch: inout PushBatch,
        holders: (PushBatch.SemanticSlot) async throws -> [PushBatch.LoadedEntity]
    ) async throws -> StoreOutcome {
        if let seq = batch.appliedSeq(of: change.opID) { return .duplicate(seq: seq) }
        let decision: ChangeRules.Decision
        do {
            decision = try ChangeRules.decide(
                change, current: batch.currentState(of: change), keyHolder: batch.keyHolder(for: change))
        } catch let error as ChangeRules.DamagedRecord {
            throw SyncStoreError.damagedRecord(error.description)
        }
        switch decision {
        case .write(let write):
            // A joined version may claim a slot the pushed one did not name (rare): learn its holder first.
            if let slot = batch.unknownSlot(of: write) {
                batch.load(try await holders(slot))
                batch.markKnown([slot])
            }
            return .applied(seq: try batch.append(change, write))
        case .unchanged(let seq):
            batch.record(change.opID, seq: seq)
            return .applied(seq: seq)
        case .duplicate(let seq):
            batch.record(change.opID, seq: seq)
            return .duplicate(seq: seq)
        case .conflict(let current):
            return .conflict(current: JSONFragment(verbatim: String(decoding: current, as: UTF8.self)))
        case .reject(let reason):
            return .rejected(reason: reason)
        }
    }

    static func isLive(_ householdID: UUID, on connection: PostgresConnection, logger: Logger) async throws -> Bool {
        for try await _ in try await connection.query(
            "SELECT id FROM households WHERE id = \(householdID) AND erased_at IS NULL",
            logger: logger
        ).decode(UUID.self) {
            return true
        }
        return false
    }
}

/// A conditional push found the household's log past the `seq` its changes were decided at; nothing was written.
struct HeadMoved: Error, Sendable {
    /// The head the changes were decided at.
    let expected: Int64
    /// The head the push found.
    let found: Int64
}
