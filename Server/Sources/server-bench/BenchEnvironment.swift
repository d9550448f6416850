import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PostgresNIO
import SyncServer
import ThrowawayPostgres

/// What every scenario runs against: a throwaway cluster, a migrated database, the server application serving
/// on a loopback port in this process, and a client pool for seeding and for the raw baselines.
struct BenchEnvironment: Sendable {
    /// Seeds households and devices, as the admin CLI does.
    let store: PostgresSyncStore
    /// The pool the server uses too; the baselines take their connections from it.
    let client: PostgresClient
    /// The server's loopback port.
    let port: Int
    /// How much work to do.
    let sizes: BenchSizes
    /// The database, for a second server instance.
    let database: PostgresClient.Configuration
    let logger: Logger

    /// Limits raised so one push may carry the big push's operations.
    static func limits(for sizes: BenchSizes) -> SyncLimits {
        SyncLimits(maxBodyBytes: 256 << 20, maxOperationsPerPush: max(sizes.bigPush, sizes.batch), maxPageSize: 1_000)
    }

    /// Starts the cluster, the pool and the server, runs `body`, and stops them all.
    static func with<T: Sendable>(
        sizes: BenchSizes,
        _ body: @escaping @Sendable (BenchEnvironment) async throws -> T
    ) async throws -> T {
        let logger = {
            var logger = Logger(label: "server-bench")
            logger.logLevel = .warning
            return logger
        }()
        return try await withPostgresCluster { cluster in
            let database = {
                var database = cluster.configuration()
                database.options.maximumConnections = 20
                return database
            }()
            return try await PostgresClient.withRunningClient(configuration: database, logger: logger) { client in
                try await Migrator().migrate(client: client, logger: logger)
                return try await serving(client: client, database: database, sizes: sizes, logger: logger) { port in
                    let store = PostgresSyncStore(client: client, logger: logger)
                    return try await body(BenchEnvironment(
                        store: store, client: client, port: port, sizes: sizes, database: database, logger: logger))
                }
            }
        }
    }

    /// The server application on `client`'s pool, serving on a loopback port while `body` runs.
    private static func serving<T: Sendable>(
        client: PostgresClient, database: PostgresClient.Configuration, sizes: BenchSizes, logger: Logger,
        _ body: @escaping @Sendable (_ port: Int) async throws -> T
    ) async throws -> T {
        let app = SyncServerApplication.build(
            client: client,
            clientIsRunning: true,
            configuration: SyncServerConfiguration(
                host: "127.0.0.1", port: 0, database: database, limits: limits(for: sizes), migrateOnStart: false),
            logger: logger
        )
        return try await app.test(.live) { testClient in
            guard let port = testClient.port else { throw BenchFailure("the live server has no port") }
            return try await body(port)
        }
    }

    /// A second server instance on the same database — its own pool of 20 connections and its own replica, as
    /// another process would have — serving on another loopback port while `body` runs.
    func withSecondInstance<T: Sendable>(_ body: @escaping @Sendable (_ port: Int) async throws -> T) async throws -> T {
        let (database, sizes, logger) = (database, sizes, logger)
        return try await PostgresClient.withRunningClient(configuration: database, logger: logger) { client in
            try await Self.serving(client: client, database: database, sizes: sizes, logger: logger, body)
        }
    }

    /// A household with `devices` devices and their tokens.
    func household(_ name: String, devices: Int) async throws -> (HouseholdID, [BearerToken]) {
        let household = try await store.createHousehold(name: name)
        var tokens: [BearerToken] = []
        for _ in 0..<devices {
            tokens.append(try await store.addDevice(to: household).1)
        }
        return (household, tokens)
    }

    /// A device's keep-alive connection to the server, open and checked.
    func connect(_ household: HouseholdID, token: BearerToken) async throws -> DeviceConnection {
        let connection = DeviceConnection(port: port, household: household, token: token)
        try await connection.checkHealth()
        return connection
    }

    /// What the log of a household holds, for comparing the two sides: row count, highest seq, and an MD5 over
    /// every row's op id, kind, entity id and payload, in op id order (or in seq order when `bySeq`).
    func fingerprint(of household: HouseholdID, bySeq: Bool) async throws -> String {
        let query: PostgresQuery = bySeq
            ? """
                SELECT count(*), coalesce(max(seq), 0),
                       md5(string_agg(seq::text || op_id::text || kind || entity_id || payload::text, '|' ORDER BY seq))
                FROM changes WHERE household_id = \(household.rawValue)
                """
            : """
                SELECT count(*), coalesce(max(seq), 0),
                       md5(string_agg(op_id::text || kind || entity_id || payload::text, '|' ORDER BY op_id))
                FROM changes WHERE household_id = \(household.rawValue)
                """
        for try await (count, maxSeq, digest) in try await client.query(query).decode((Int64, Int64, String?).self) {
            return "\(count) rows, seq 1…\(maxSeq), md5 \(digest ?? "-")"
        }
        throw BenchFailure("no fingerprint for \(household)")
    }
}
