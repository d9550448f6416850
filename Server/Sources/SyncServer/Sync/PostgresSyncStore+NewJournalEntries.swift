import Foundation
import Logging
import PostgresNIO
import SyncWire

extension PostgresSyncStore {
    /// The push of journal entries nobody has seen yet — what a device's push almost always is — without holding
    /// the household's lock across round trips and without reading first: the batch is judged against the state
    /// a new entry has (none), and one statement (``SchemaMigrations/appendJournalProcedure``) takes the lock,
    /// checks that none of its op ids and entries is there, appends and commits before it answers. `nil` when the
    /// batch is anything else — larger than one insert slice, a product or named entity, an op id repeated in the
    /// batch, a change the rules do not simply append — or when the statement found something it names, or an
    /// unknown or erased household; the caller then pushes it under the lock, which reads the batch and answers
    /// each change (duplicates, conflicts, `not_found`). The lock is held for no round trip at all, where the
    /// locked push holds it for four, and a push of new entries costs one statement.
    ///
    /// Why the answer is the locked push's: that push judges each change against the op ids applied before, the
    /// entry's stored state and its slot's holder. The statement found none of them under the lock, so the locked
    /// push would have judged every change against the same absent state — the state judged here — and appended the
    /// same rows after the head the statement locked.
    func appendIfNew(_ changes: [PendingChange], to household: HouseholdID) async throws -> [StoreOutcome]? {
        // A batch larger than one insert slice gains more from the locked push's encoding while the database
        // inserts (``PushBatchWriter``) than from a shorter lock: a big push is rarely one of many at once.
        guard !changes.isEmpty, changes.count <= PushBatchWriter.changesPerStatement,
            changes.allSatisfy({ $0.kind == .journal })
        else { return nil }
        let logger = self.logger
        let householdID = household.rawValue
        var batch = PushBatch(lastSeq: 0, appliedOps: [:])
        var outcomes: [StoreOutcome] = []
        outcomes.reserveCapacity(changes.count)
        do {
            for change in changes {
                outcomes.append(try await Self.stage(change, in: &batch) { _ in throw NotOnlyNew() })
            }
        } catch is NotOnlyNew {
            return nil
        }
        // Every change appended as row n of the batch, and nothing else written.
        guard batch.changes.count == changes.count, batch.operations.isEmpty, batch.entityRows.isEmpty,
            batch.changes.enumerated().allSatisfy({ $0.element.seq == Int64($0.offset + 1) })
        else { return nil }
        let statement = AppendNewJournalEntries(
            householdID: householdID, opIDs: batch.changes.map(\.opID), entityIDs: batch.changes.map(\.key.id),
            payloads: try batch.changes.map { try $0.payload.text() })

        let started = ContinuousClock.now
        let head: Int64?
        do {
            // Alone, never in a transaction: the procedure commits before it answers (a statement run alone is
            // otherwise answered before its implicit commit, and a push must never be acknowledged before its rows
            // are committed).
            head = try await client.withWatchedConnection { connection in
                var head: Int64??
                for try await answer in try await connection.query(
                    PostgresQuery(unsafeSQL: AppendNewJournalEntries.sql, binds: statement.bindings),
                    logger: logger
                ).decode(Int64?.self) {
                    head = answer
                }
                return head ?? nil
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.undefinedFunction {
            // A database not migrated through 0009 yet: the locked push serves.
            return nil
        }
        // The statement's time, which holds the wait for the lock.
        metrics.recordHouseholdLockWait(ContinuousClock.now - started)
        guard let head, head >= 0 else { return nil }
        appendedJournal.record(
            batch.changes.compactMap { row in row.entry.map { (seq: head + row.seq, entry: $0) } }, of: household)
        return outcomes.map { outcome in
            guard case .applied(let seq) = outcome else { return outcome }
            return .applied(seq: head + seq)
        }
    }

    /// SQLSTATE `undefined_function`.
    private static let undefinedFunction = "42883"

    /// A change of the batch needed the database again: it is not a batch of new entries only.
    private struct NotOnlyNew: Error {}
}

/// `CALL append_new_journal_entries(…)`: its answer is the procedure's `head`.
struct AppendNewJournalEntries {
    static let sql = "CALL append_new_journal_entries($1, $2::uuid[], $3::text[], $4::text[])"

    let householdID: UUID
    let opIDs: [UUID]
    let entityIDs: [String]
    let payloads: [String]

    var bindings: PostgresBindings {
        var bindings = PostgresBindings(capacity: 4)
        bindings.append(householdID)
        bindings.append(opIDs)
        bindings.append(entityIDs)
        bindings.append(payloads)
        return bindings
    }
}
