import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import PostgresNIO
import SyncServer
import Testing
import ThrowawayPostgres
import SyncWire

/// The real executable as separate processes: killed with SIGKILL mid-push, run twice on one database, and kept
/// running while PostgreSQL restarts. Every operation is applied once or not at all, and a retry completes it.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct ServerProcessTests {
    static let batchSize = 500

    @Test func aServerKilledDuringAPushAppliesTheBatchWhollyOrNotAtAllAndTheRetryCompletesIt() async throws {
        try await withSeededCluster { cluster, store, household, token in
            var expected = 0
            var committedAtKill: [Bool] = []
            for delay in [0, 15, 40, 80, 160, 400] {
                let server = try await ServerProcess.start(databaseURL: cluster.databaseURL)
                let batch = try (0..<Self.batchSize).map { _ in try KitPayloads.journal(of: household) }
                let body = try Self.body(batch)
                let push = Task { try? await server.request(Self.pushURI(household), method: .post, headers: Self.headers(token), body: body) }
                try await Task.sleep(for: .milliseconds(delay))
                server.kill()
                _ = await push.value
                // The database finishes what it was running for the killed server (a `CALL` that commits itself
                // runs to its end; an open transaction is rolled back when its session ends) before the count.
                try await Self.waitUntilIdle(store)

                // The transaction committed or it did not: never part of a batch.
                let afterKill = try await Self.changeCount(store, household)
                #expect(afterKill == expected || afterKill == expected + Self.batchSize, "after a kill at \(delay) ms")
                committedAtKill.append(afterKill == expected + Self.batchSize)

                // The device retries the same batch on a restarted server.
                let restarted = try await ServerProcess.start(databaseURL: cluster.databaseURL)
                let retry = try await restarted.request(Self.pushURI(household), method: .post, headers: Self.headers(token), body: body)
                #expect(retry.status == .ok)
                let statuses = Set(try JSONDecoder().decode(PushResponse.self, from: Data((retry.body ?? ByteBuffer()).readableBytesView)).results.map(\.status))
                #expect(statuses == (afterKill == expected ? [.applied] : [.duplicate]))
                expected += Self.batchSize
                #expect(try await Self.changeCount(store, household) == expected)
                restarted.kill()
            }
            // Every entry is in the log exactly once, numbered without a gap.
            let seqs = try await Self.sequences(store, household)
            #expect(seqs == (1...Int64(expected)).map { $0 })
            // A kill before the request arrives cannot have committed anything.
            #expect(committedAtKill.first == false)
        }
    }

    @Test func twoServerProcessesOnOneDatabaseBehaveAsOne() async throws {
        try await withPostgresCluster { cluster in
            // Both start on an empty database and race to migrate it (the migrations take an advisory lock).
            async let startA = ServerProcess.start(databaseURL: cluster.databaseURL)
            async let startB = ServerProcess.start(databaseURL: cluster.databaseURL)
            let (a, b) = try await (startA, startB)
            defer { a.kill(); b.kill() }
            try await PostgresClient.withRunningClient(configuration: cluster.configuration(), logger: Self.logger) { client in
                let store = PostgresSyncStore(client: client, logger: Self.logger)
                let household = try await store.createHousehold(name: "Home")
                let (_, token) = try await store.addDevice(to: household)

                let batch = try (0..<20).map { _ in try KitPayloads.journal(of: household) }
                let throughA = try await a.request(Self.pushURI(household), method: .post, headers: Self.headers(token), body: Self.body(batch))
                #expect(throughA.status == .ok)
                let replayThroughB = try await b.request(Self.pushURI(household), method: .post, headers: Self.headers(token), body: Self.body(batch))
                let replay = try JSONDecoder().decode(PushResponse.self, from: Data((replayThroughB.body ?? ByteBuffer()).readableBytesView))
                #expect(replay.results.allSatisfy { $0.status == .duplicate })

                // Writers on both processes at once; a pull through either sees every change once, in order.
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for writer in 0..<8 {
                        let server = writer.isMultiple(of: 2) ? a : b
                        group.addTask {
                            for _ in 0..<3 {
                                let operations = try (0..<10).map { _ in try KitPayloads.journal(of: household) }
                                let response = try await server.request(
                                    Self.pushURI(household), method: .post, headers: Self.headers(token), body: Self.body(operations))
                                #expect(response.status == .ok)
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                for server in [a, b] {
                    let pulled = try await Self.pullAll(server, household, token)
                    #expect(pulled.map(\.seq) == (1...Int64(20 + 8 * 3 * 10)).map { $0 })
                    #expect(Set(pulled.map(\.entityId)).count == pulled.count)
                }
            }
        }
    }

    @Test func aPushDuringAPostgreSQLRestartIsRetriedToExactlyOnce() async throws {
        try await withSeededCluster { cluster, store, household, token in
            let server = try await ServerProcess.start(databaseURL: cluster.databaseURL)
            defer { server.kill() }
            let first = try (0..<Self.batchSize).map { _ in try KitPayloads.journal(of: household) }
            let second = try (0..<Self.batchSize).map { _ in try KitPayloads.journal(of: household) }
            let ok = try await server.request(Self.pushURI(household), method: .post, headers: Self.headers(token), body: Self.body(first))
            #expect(ok.status == .ok)

            let body = try Self.body(second)
            let inFlight = Task { try? await server.request(Self.pushURI(household), method: .post, headers: Self.headers(token), body: body) }
            try await Task.sleep(for: .milliseconds(20))
            try cluster.restart()
            if let answer = await inFlight.value {
                // Either it finished before the restart, or the server says the database is unavailable for now
                // (503, which devices send again), never a bare 500.
                #expect(answer.status == .ok || answer.status == .serviceUnavailable, "\(answer.status)")
            }
            // The device retries until the server answers; the batch ends up stored exactly once.
            var stored: PushResponse?
            for _ in 0..<60 where stored == nil {
                if let retry = try? await server.request(Self.pushURI(household), method: .post, headers: Self.headers(token), body: body),
                    retry.status == .ok
                {
                    stored = try JSONDecoder().decode(PushResponse.self, from: Data((retry.body ?? ByteBuffer()).readableBytesView))
                } else {
                    try await Task.sleep(for: .milliseconds(500))
                }
            }
            let results = try #require(stored).results
            #expect(Set(results.map(\.status)).isSubset(of: [.applied, .duplicate]))
            let pulled = try await Self.pullAll(server, household, token)
            #expect(pulled.map(\.entityId) == (first + second).map(\.entityId))
            #expect(pulled.map(\.seq) == (1...Int64(2 * Self.batchSize)).map { $0 })
            #expect(try await server.firstReadiness() == .ok)
        }
    }

    // MARK: - Helpers

    static let logger: Logger = {
        var logger = Logger(label: "server-process-tests")
        logger.logLevel = .critical
        return logger
    }()

    static func pushURI(_ household: HouseholdID) -> String { "/v1/households/\(household)/push" }

    static func headers(_ token: BearerToken) -> HTTPFields {
        [.contentType: "application/json", .authorization: "Bearer \(token.rawValue)"]
    }

    static func body(_ operations: [PushOperation]) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONEncoder().encode(PushRequest(operations: operations)))
    }

    static func pullAll(_ server: ServerProcess, _ household: HouseholdID, _ token: BearerToken) async throws
        -> [Change<JSONFragment>]
    {
        var cursor: Int64 = 0
        var all: [Change<JSONFragment>] = []
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        while true {
            let response = try await server.request(
                "/v1/households/\(household)/changes?after=\(cursor)&limit=1000", method: .get, headers: headers(token))
            let page = try decoder.decode(ChangesResponse<JSONFragment>.self, from: Data((response.body ?? ByteBuffer()).readableBytesView))
            all += page.changes
            cursor = page.cursor
            if !page.hasMore { return all }
        }
    }

    /// Waits (up to 10 s) until no other session of the database runs a statement or holds a transaction open.
    static func waitUntilIdle(_ store: PostgresSyncStore) async throws {
        for _ in 0..<200 {
            var busy: Int64 = 0
            for try await count in try await store.client.query(
                """
                SELECT count(*) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
                  AND state <> 'idle'
                """,
                logger: logger
            ).decode(Int64.self) {
                busy = count
            }
            if busy == 0 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the database still ran statements of a killed server after 10 s")
    }

    static func changeCount(_ store: PostgresSyncStore, _ household: HouseholdID) async throws -> Int {
        try await sequences(store, household).count
    }

    static func sequences(_ store: PostgresSyncStore, _ household: HouseholdID) async throws -> [Int64] {
        var seqs: [Int64] = []
        for try await seq in try await store.client.query(
            "SELECT seq FROM changes WHERE household_id = \(household.rawValue) ORDER BY seq", logger: logger
        ).decode(Int64.self) {
            seqs.append(seq)
        }
        return seqs
    }
}

/// A migrated cluster with one household and device, and a store on it for checks.
func withSeededCluster(
    _ body: @escaping @Sendable (PostgresCluster, PostgresSyncStore, HouseholdID, BearerToken) async throws -> Void
) async throws {
    try await withPostgresCluster { cluster in
        try await PostgresClient.withRunningClient(configuration: cluster.configuration(), logger: ServerProcessTests.logger) { client in
            try await Migrator().migrate(client: client, logger: ServerProcessTests.logger)
            let store = PostgresSyncStore(client: client, logger: ServerProcessTests.logger)
            let household = try await store.createHousehold(name: "Home")
            let (_, token) = try await store.addDevice(to: household)
            try await body(cluster, store, household, token)
        }
    }
}
