import Foundation
import InventoryKit
import InventoryModule
import Logging
import NIOCore
import PostgresNIO
@testable import SyncServer
import Testing
import ThrowawayPostgres

/// A replica's view names the `seq` its state was folded through: a state another replica (another server instance,
/// or the snapshot side of this one) saved past the head this fold read is never taken as the fold's start, so no
/// entry committed after that head reaches a state labelled with it.
///
/// The interleaving is made exact with a lock: the fold reads the head, then waits on `replica_checkpoints`, which
/// the test holds while more entries commit and a state through the new head is saved.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct ReplicaSeqLabelTests {
    @Test(.timeLimit(.minutes(2)))
    func aViewNeverHoldsEntriesCommittedAfterTheSeqItNamesWhenANewerStateIsSavedMeanwhile() async throws {
        try await withMigratedStore { store in
            let household = try await store.createHousehold(name: "Two instances")
            let log = try await ReplicaConcurrencyTests.journal(
                of: InventoryModule.HouseholdID(household.rawValue), purchases: 6)
            let early = 5
            #expect(log.count > early + 2)
            try await Self.push(log[..<early], to: household, in: store)
            // A replica with nothing in memory: its fold starts from the newest saved state.
            let replicas = HouseholdReplicas(store: store, policy: HouseholdReplicas.Policy(), logger: store.logger)

            let view = try await store.client.withConnection { locker in
                try await Self.run("BEGIN", on: locker, store.logger)
                do {
                    try await Self.run("LOCK TABLE replica_checkpoints IN ACCESS EXCLUSIVE MODE", on: locker, store.logger)
                    let reading = Task { try await replicas.view(of: household, atLeast: nil) }
                    // The fold read the head (`early`) and now waits for the saved states.
                    try await Self.waitForAWaiter(on: locker, store.logger)
                    // Meanwhile the rest commits, and another instance saves its fold through the new head.
                    try await Self.push(log[early...], to: household, in: store)
                    try await Self.save(InventoryProjector.project(log), of: household, through: Int64(log.count), on: locker, store.logger)
                    try await Self.run("COMMIT", on: locker, store.logger)
                    return try await reading.value
                } catch {
                    if !locker.isClosed { try? await Self.run("ROLLBACK", on: locker, store.logger) }
                    throw error
                }
            }
            #expect(view.seq == Int64(early), "the fold read the head before the rest committed")
            let expected = InventoryProjector.project(log.prefix(Int(view.seq)))
            // Compared as a value (a failure names the lots, not two whole states).
            let matches = view.state == expected
            #expect(
                matches,
                "the view at seq \(view.seq) holds \(view.state.lots.count) lots, the fold through it \(expected.lots.count)")
            #expect(
                try InventoryCheckpoint.canonicalBytes(of: view.state) == InventoryCheckpoint.canonicalBytes(of: expected),
                "the view's canonical bytes differ from the full fold through seq \(view.seq)")
            // The next fold continues from that view: it holds the whole log, each entry once.
            let caughtUp = try await replicas.view(of: household, atLeast: Int64(log.count))
            #expect(caughtUp.seq == Int64(log.count))
            let caughtUpMatches = caughtUp.state == InventoryProjector.project(log)
            #expect(caughtUpMatches, "the fold after the view differs from the full fold")
        }
    }

    // MARK: - Fixtures

    /// Pushes journal entries to the household (numbered 1, 2, … in push order).
    static func push(_ entries: ArraySlice<InventoryJournalEntry>, to household: SyncServer.HouseholdID, in store: PostgresSyncStore) async throws {
        let changes = entries.map {
            PendingChange(opID: $0.id, entityID: $0.id.uuidString.lowercased(), content: .journal($0))
        }
        for outcome in try await store.push(changes, to: household) {
            guard case .applied = outcome else {
                Issue.record("the server did not apply a pushed entry: \(outcome)")
                continue
            }
        }
    }

    /// Saves `state` as the household's state through `seq`, as another replica does, on the locking connection.
    static func save(
        _ state: InventoryState, of household: SyncServer.HouseholdID, through seq: Int64, on connection: PostgresConnection,
        _ logger: Logger
    ) async throws {
        guard let checkpoint = try InventoryCheckpoint(state: state, of: InventoryModule.HouseholdID(household.rawValue))
        else { throw HarnessFailure(description: "the kit made no checkpoint of a state that folded entries") }
        let mark = String(decoding: try RecordCoding.encode(checkpoint.mark), as: UTF8.self)
        let bytes = ByteBuffer(bytes: checkpoint.stateData)
        try await connection.query(
            """
            INSERT INTO replica_checkpoints (household_id, through_seq, mark, state)
            VALUES (\(household.rawValue), \(seq), \(mark), \(bytes))
            """,
            logger: logger)
    }

    /// Waits (at most 20 s) until another session waits for a lock on `replica_checkpoints`.
    static func waitForAWaiter(on connection: PostgresConnection, _ logger: Logger) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            for try await waiting in try await connection.query(
                "SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = 'replica_checkpoints'::regclass",
                logger: logger
            ).decode(Int64.self) where waiting > 0 {
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw HarnessFailure(description: "no fold waited for the saved states within 20 s")
    }

    /// Runs one statement on `connection`, discarding its rows.
    static func run(_ statement: PostgresQuery, on connection: PostgresConnection, _ logger: Logger) async throws {
        for try await _ in try await connection.query(statement, logger: logger) {}
    }
}
