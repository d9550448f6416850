import Foundation
import InventoryKit
import Logging
import PostgresNIO

extension PostgresSyncStore {
    /// Stores a batch in one transaction under the household's counter lock (see the type's documentation);
    /// each change is judged by ``ChangeRules`` against the state the transaction sees, earlier changes of the
    /// batch included.
    ///
    /// Set-based: whatever the batch's size, it reads the op ids, entities and semantic-key holders it names in
    /// a few queries, judges every change in memory in order (``PushBatch``), and writes changes, operations and
    /// entities with one multi-row statement each — about ten statements per push instead of several per change.
    /// A journal entry writes its change row only: the row records its op id, and its presence is the entry's
    /// state (see ``SchemaMigrations``).
    public func push(_ changes: [PendingChange], to household: HouseholdID) async throws -> [StoreOutcome] {
        try await push(changes, to: household, expectingHead: nil)
    }

    /// The push above, refused with ``HeadMoved`` (nothing written) when `expectingHead` is given and the
    /// household's last `seq`, read under its lock, is another: a change decided against the state folded through
    /// `expectingHead` is appended only if nothing came in between (the web's commands, ``WebCommandService``).
    func push(_ changes: [PendingChange], to household: HouseholdID, expectingHead: Int64?) async throws -> [StoreOutcome] {
        let logger = self.logger
        let householdID = household.rawValue
        let metrics = self.metrics
        return try await transaction { connection in
            // Takes the row lock that serializes this household's writers until commit; the wait is measured.
            let lockRequested = ContinuousClock.now
            var locked: Int64?
            for try await lastSeq in try await connection.query(
                """
                UPDATE household_seq SET last_seq = last_seq WHERE household_id = \(householdID)
                RETURNING last_seq
                """,
                logger: logger
            ).decode(Int64.self) {
                locked = lastSeq
            }
            metrics.recordHouseholdLockWait(ContinuousClock.now - lockRequested)
            guard let first = locked else { throw SyncStoreError.householdNotFound(household) }
            if let expectingHead, expectingHead != first { throw HeadMoved(expected: expectingHead, found: first) }
            // Checked after taking the lock, in a fresh statement, so an erase that committed first is seen.
            guard try await Self.isLive(householdID, on: connection, logger: logger) else {
                throw SyncStoreError.householdNotFound(household)
            }
            let reader = BatchReader(connection: connection, logger: logger, householdID: householdID)
            var batch = PushBatch(lastSeq: first, appliedOps: try await reader.appliedOps(changes.map(\.opID)))
            batch.load(try await reader.entities(PushBatch.entityKeys(of: changes)))
            let slots = PushBatch.claimedSlots(of: changes)
            batch.load(try await reader.holders(of: slots))
            batch.markKnown(slots)

            var outcomes: [StoreOutcome] = []
            outcomes.reserveCapacity(changes.count)
            for change in changes {
                outcomes.append(try await Self.stage(change, in: &batch, reader: reader))
            }
            try await PushBatchWriter(connection: connection, logger: logger, householdID: householdID).write(batch)
            if batch.lastSeq != first {
                try await connection.query(
                    "UPDATE household_seq SET last_seq = \(batch.lastSeq) WHERE household_id = \(householdID)",
                    logger: logger
                )
            }
            return outcomes
        }
    }

    /// Judges one change against the batch's view and stages what it writes.
    private static func stage(_ change: PendingChange, in batch: inout PushBatch, reader: BatchReader) async throws
        -> StoreOutcome
    {
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
                batch.load(try await reader.holders(of: [slot]))
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
            return .conflict(current: JSONFragment(trusted: String(decoding: current, as: UTF8.self)))
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

/// Reads what a batch names, one query per kind of thing, inside the push's transaction.
private struct BatchReader {
    let connection: PostgresConnection
    let logger: Logger
    let householdID: UUID

    /// The op ids among `opIDs` applied before, with their sequence numbers: an op id is applied when a change
    /// row records it, or `operations` does (an op that wrote no change, or whose change was compacted away).
    func appliedOps(_ opIDs: [UUID]) async throws -> [UUID: Int64] {
        let unique = Array(Set(opIDs))
        var applied: [UUID: Int64] = [:]
        guard !unique.isEmpty else { return applied }
        for try await (opID, seq) in try await connection.query(
            """
            SELECT op_id, seq FROM changes WHERE household_id = \(householdID) AND op_id = ANY(\(unique)::uuid[])
            UNION ALL
            SELECT op_id, seq FROM operations WHERE household_id = \(householdID) AND op_id = ANY(\(unique)::uuid[])
            """,
            logger: logger
        ).decode((UUID, Int64).self) {
            applied[opID] = seq
        }
        return applied
    }

    /// The stored state of each of `keys` the household holds: a journal entry's from its change row (journal
    /// changes are never compacted), a product's or named entity's from `entities`.
    func entities(_ keys: [PushBatch.EntityKey]) async throws -> [PushBatch.LoadedEntity] {
        let journal = keys.filter { $0.kind == .journal }.map(\.id)
        let others = keys.filter { $0.kind != .journal }
        var loaded = try await journalEntries(journal)
        loaded += try await records(others)
        return loaded
    }

    /// The journal entries among `ids` already in the log.
    private func journalEntries(_ ids: [String]) async throws -> [PushBatch.LoadedEntity] {
        guard !ids.isEmpty else { return [] }
        var loaded: [PushBatch.LoadedEntity] = []
        for try await (entityID, opID, seq) in try await connection.query(
            """
            SELECT entity_id, op_id, seq FROM changes
            WHERE household_id = \(householdID) AND kind = 'journal' AND entity_id = ANY(\(ids)::text[])
            """,
            logger: logger
        ).decode((String, UUID, Int64).self) {
            loaded.append(PushBatch.LoadedEntity(
                entity: StoredEntity(kind: .journal, entityID: entityID, record: nil, lastOpID: opID, seq: seq),
                slot: nil))
        }
        return loaded
    }

    /// The `entities` rows of `keys`.
    private func records(_ keys: [PushBatch.EntityKey]) async throws -> [PushBatch.LoadedEntity] {
        guard !keys.isEmpty else { return [] }
        let kinds = keys.map(\.kind.rawValue)
        let ids = keys.map(\.id)
        return try await rows(
            """
            SELECT kind, entity_id, record::text, last_op_id, seq, semantic_kind, semantic_key FROM entities
            WHERE household_id = \(householdID)
              AND (kind, entity_id) IN (SELECT k, e FROM unnest(\(kinds)::text[], \(ids)::text[]) AS t(k, e))
            """
        )
    }

    /// The entities holding any of `slots`.
    func holders(of slots: [PushBatch.SemanticSlot]) async throws -> [PushBatch.LoadedEntity] {
        guard !slots.isEmpty else { return [] }
        let kinds = slots.map(\.kind)
        let keys = slots.map(\.key)
        return try await rows(
            """
            SELECT kind, entity_id, record::text, last_op_id, seq, semantic_kind, semantic_key FROM entities
            WHERE household_id = \(householdID)
              AND (semantic_kind, semantic_key) IN (
                  SELECT k, s FROM unnest(\(kinds)::text[], \(keys)::text[]) AS t(k, s))
            """
        )
    }

    private func rows(_ query: PostgresQuery) async throws -> [PushBatch.LoadedEntity] {
        var loaded: [PushBatch.LoadedEntity] = []
        for try await (kind, entityID, record, lastOpID, seq, semanticKind, semanticKey) in try await connection.query(
            query, logger: logger
        ).decode((String, String, String?, UUID, Int64, String?, String?).self) {
            guard let kind = ChangeKind(rawValue: kind) else {
                throw SyncStoreError.damagedRecord("entity \(entityID) has an unknown kind \(kind)")
            }
            var slot: PushBatch.SemanticSlot?
            if let semanticKind, let semanticKey { slot = PushBatch.SemanticSlot(kind: semanticKind, key: semanticKey) }
            loaded.append(PushBatch.LoadedEntity(
                entity: StoredEntity(
                    kind: kind, entityID: entityID, record: record.map { Data($0.utf8) }, lastOpID: lastOpID, seq: seq),
                slot: slot))
        }
        return loaded
    }
}

/// A conditional push found the household's log past the `seq` its changes were decided at; nothing was written.
struct HeadMoved: Error, Sendable {
    /// The head the changes were decided at.
    let expected: Int64
    /// The head the push found.
    let found: Int64
}
