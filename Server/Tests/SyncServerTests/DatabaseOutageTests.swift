import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import PostgresNIO
import SyncWire
@testable import SyncServer
import Testing
import ThrowawayPostgres

/// While the database cannot take the work (a standby refusing writes, a connection killed by a failover) the API
/// answers `503 unavailable`, which devices retry, and nothing of the request is stored.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct DatabaseOutageTests {
    @Test(.timeLimit(.minutes(1)))
    func aPushToADatabaseThatRefusesWritesAnswers503AndTheSamePushLaterIsStoredOnce() async throws {
        let logger = ServerProcessTests.logger
        try await withClient { cluster, writable in
            try await Migrator(migrations: SchemaMigrations.all).migrate(client: writable, logger: logger)
            let seeding = PostgresSyncStore(client: writable, logger: logger, metrics: ServerMetrics())
            let household = try await seeding.createHousehold(name: "Home")
            let (_, token) = try await seeding.addDevice(to: household)
            let operations = try (0..<3).map { _ in try KitPayloads.journal(of: household) }

            // Every session of this client is read-only, as a hot standby's are.
            var readOnly = cluster.configuration()
            readOnly.options.additionalStartupParameters = [("default_transaction_read_only", "on")]
            try await PostgresClient.withRunningClient(configuration: readOnly, logger: logger) { client in
                try await withSyncServer(on: client, of: cluster, logger: logger) { server in
                    let response = try await server.push(household, token: token, operations: operations)
                    #expect(response.status == .serviceUnavailable, "\(String(buffer: response.body))")
                    let envelope = try decode(ErrorEnvelope.self, response)
                    #expect(envelope.error.code == .unavailable)
                    #expect(envelope.error.details["reason"]?.contains("25006") == true)
                    #expect(try await server.rowCounts(household) == [0, 0, 0])
                }
            }

            // The device sends the same body again once the database takes writes: stored, once.
            try await withSyncServer(on: writable, of: cluster, logger: logger) { server in
                let results = try await server.results(household, token: token, operations)
                #expect(results.map(\.status) == [.applied, .applied, .applied])
                let again = try await server.results(household, token: token, operations)
                #expect(again.map(\.status) == [.duplicate, .duplicate, .duplicate])
                #expect(try await server.rowCounts(household) == [3, 0, 3])
            }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aTerminatedSessionAndAReadOnlyRefusalAreOutagesAndAFailingStatementIsNot() async throws {
        let logger = ServerProcessTests.logger
        try await withClient { _, client in
            func failure(_ statements: [PostgresQuery]) async -> (any Error)? {
                try? await client.withConnection { connection in
                    do {
                        for statement in statements {
                            for try await _ in try await connection.query(statement, logger: logger) {}
                        }
                        return nil
                    } catch {
                        if !connection.isClosed { _ = try? await connection.query("ROLLBACK", logger: logger) }
                        return error
                    }
                }
            }
            let readOnly = try #require(await failure([
                "BEGIN READ ONLY", "CREATE TABLE outage_probe (id int)",
            ]))
            #expect(DatabaseOutage(readOnly) == .refused(sqlState: "25006"), "\(String(reflecting: readOnly))")
            let division = try #require(await failure(["SELECT 1 / 0"]))
            #expect(DatabaseOutage(division) == nil)
            // Last: the pool may hand the terminated session's connection out once more before it notices.
            // A failover or a restart ends the sessions: the server's own words are 57P01 or a closed socket.
            let terminated = try #require(
                await failure(["SELECT pg_terminate_backend(pg_backend_pid()), pg_sleep(5)"]))
            #expect(DatabaseOutage(terminated) != nil, "\(String(reflecting: terminated))")
            #expect(DatabaseOutage(ConnectionCloseWatch.ConnectionLost()) == .connectionLost)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func readinessAnswers503WhileTheDatabaseIsDown() async throws {
        let logger = ServerProcessTests.logger
        try await withClient { cluster, client in
            try await Migrator(migrations: SchemaMigrations.all).migrate(client: client, logger: logger)
            try await withSyncServer(on: client, of: cluster, logger: logger) { server in
                // Ready means the database answered within `SyncService.readinessWait`; on a loaded machine the
                // first ping right after start may take longer, which is the server's correct answer then.
                let ready = try await server.firstReadiness(within: .seconds(20))
                #expect(ready.status == .ok, "not ready within 20 s: \(String(buffer: ready.body))")
                try cluster.stop()
                let response = try await server.client.execute(uri: "/v1/ready", method: .get)
                #expect(response.status == .serviceUnavailable, "\(String(buffer: response.body))")
                #expect(try decode(ErrorEnvelope.self, response).error.code == .unavailable)
                #expect(try await server.client.execute(uri: "/v1/health", method: .get).status == .ok)
            }
        }
    }

    /// Runs `body` with a fresh cluster and a running client of it.
    private func withClient(
        _ body: @escaping @Sendable (PostgresCluster, PostgresClient) async throws -> Void
    ) async throws {
        try await withPostgresCluster { cluster in
            try await PostgresClient.withRunningClient(
                configuration: cluster.configuration(), logger: ServerProcessTests.logger
            ) { client in
                try await body(cluster, client)
            }
        }
    }
}
