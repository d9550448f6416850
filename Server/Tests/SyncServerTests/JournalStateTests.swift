import Foundation
import PostgresNIO
import SyncServer
import Testing
import ThrowawayPostgres
import SyncWire

/// A journal entry's state on the server is its change row: a push of entries writes the log and nothing else,
/// and duplicates are still found, also in a database written before migration 0004.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct JournalStateTests {
    @Test func aJournalPushWritesOnlyItsChangeRowsAndAnEntryPushedAgainIsADuplicate() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let ids = (0..<3).map { _ in UUID() }
            let results = try await server.results(household, token: token, try ids.map {
                try KitPayloads.journal(of: household, id: $0)
            })
            #expect(results.map(\.status) == [.applied, .applied, .applied])
            #expect(try await server.rowCounts(household) == [3, 0, 3])

            // The second entry again, under a new op id (a device that lost the answer and re-sent it as new):
            // a duplicate of seq 2, recorded in operations so that its own replay answers the same.
            let again = try KitPayloads.journal(of: household, id: ids[1])
            let first = try await server.results(household, token: token, [again])
            let replay = try await server.results(household, token: token, [again])
            #expect(first.map(\.status) == [.duplicate] && first.map(\.seq) == [2])
            #expect(replay.map(\.status) == [.duplicate] && replay.map(\.seq) == [2])
            #expect(try await server.rowCounts(household) == [3, 0, 4])
        }
    }

    @Test func migration0004DropsJournalEntityRowsAndOperationsRecordedByChangeRows() async throws {
        try await withSyncServer(migrations: Array(SchemaMigrations.all.prefix(3))) { server in
            let (household, token, _) = try await server.household()
            let operations = try (0..<4).map { _ in try KitPayloads.journal(of: household) }
            _ = try await server.results(household, token: token, operations)
            // What a server before 0004 wrote for the same push: an entities row and an operations row per entry.
            try await server.store.client.query(
                """
                INSERT INTO entities (household_id, kind, entity_id, record, live, last_op_id, seq)
                SELECT household_id, kind, entity_id, NULL, true, op_id, seq FROM changes
                WHERE household_id = \(household.rawValue)
                """)
            try await server.store.client.query(
                """
                INSERT INTO operations (household_id, op_id, seq)
                SELECT household_id, op_id, seq FROM changes WHERE household_id = \(household.rawValue)
                """)
            await #expect(throws: (any Error).self) { try await server.rowCounts(household) }

            let applied = try await Migrator().migrate(client: server.store.client, logger: server.store.logger)
            #expect(applied.first == "0004_journal_state_in_changes")
            #expect(applied == SchemaMigrations.all.map(\.name).drop { $0 != "0004_journal_state_in_changes" }.map { $0 })
            #expect(try await server.rowCounts(household) == [4, 0, 4])
            let replay = try await server.results(household, token: token, operations)
            #expect(replay.map(\.status) == Array(repeating: .duplicate, count: 4))
            #expect(replay.map(\.seq) == [1, 2, 3, 4])
        }
    }
}
