import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PostgresNIO
import SyncServer
import ThrowawayPostgres
import SyncWire

/// A running server for one test: a fresh cluster, migrated, with the API reachable through `client`.
struct SyncServerHarness: Sendable {
    /// Seeds households and devices directly, as the admin CLI does.
    let store: PostgresSyncStore
    /// Sends requests to the application's router.
    let client: any TestClientProtocol

    /// A household with one device.
    func household(_ name: String = "Home") async throws -> (HouseholdID, BearerToken, DeviceID) {
        let household = try await store.createHousehold(name: name)
        let (device, token) = try await store.addDevice(to: household)
        return (household, token, device)
    }

    /// POST a push with a bearer token.
    func push(_ household: HouseholdID, token: BearerToken?, body: ByteBuffer) async throws -> TestResponse {
        try await client.execute(
            uri: "/v1/households/\(household)/push",
            method: .post,
            headers: Self.headers(token),
            body: body
        )
    }

    /// POST a push of `operations`.
    func push(_ household: HouseholdID, token: BearerToken?, operations: [PushOperation]) async throws
        -> TestResponse
    {
        try await push(household, token: token, body: ByteBuffer(bytes: try JSONEncoder().encode(PushRequest(operations: operations))))
    }

    /// GET a page of changes.
    func pull(_ household: HouseholdID, token: BearerToken?, after: Int64? = nil, limit: Int? = nil) async throws
        -> TestResponse
    {
        var query: [String] = []
        if let after { query.append("after=\(after)") }
        if let limit { query.append("limit=\(limit)") }
        let suffix = query.isEmpty ? "" : "?" + query.joined(separator: "&")
        return try await client.execute(
            uri: "/v1/households/\(household)/changes\(suffix)",
            method: .get,
            headers: Self.headers(token)
        )
    }

    /// The body of the first page of changes, as text.
    func rawChanges(_ household: HouseholdID, token: BearerToken) async throws -> String {
        String(buffer: try await pull(household, token: token).body)
    }

    /// Pulls every page from `after` until `hasMore` is false.
    func pullAll(_ household: HouseholdID, token: BearerToken, after: Int64 = 0, limit: Int = 50) async throws
        -> ChangesResponse<JSONFragment>
    {
        var cursor = after
        var all: [Change<JSONFragment>] = []
        while true {
            let page = try decode(ChangesResponse<JSONFragment>.self, try await pull(household, token: token, after: cursor, limit: limit))
            all += page.changes
            cursor = page.cursor
            if !page.hasMore { return ChangesResponse<JSONFragment>(changes: all, cursor: cursor, hasMore: false) }
        }
    }

    static func headers(_ token: BearerToken?) -> HTTPFields {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer \(token.rawValue)" }
        return headers
    }
}

/// Decodes a JSON response body.
func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(T.self, from: Data(response.body.readableBytesView))
}

/// An operation with a fresh op id and a small object payload.
func makeOperation(
    kind: String = "journal",
    entityId: String = UUID().uuidString,
    payload: JSONValue = .object(["note": .string("milk"), "quantity": .number(2)])
) -> PushOperation {
    // A JSONValue's text always encodes: its numbers are Decimals.
    PushOperation(
        opId: UUID().uuidString.lowercased(), kind: kind, entityId: entityId,
        payload: (try? JSONFragment(payload)) ?? JSONFragment(verbatim: "{}"))
}

/// Starts a cluster, applies `migrations` (all by default) and runs `body` against the router, or against a
/// server listening on a loopback port with `setup: .live` (`client.port`), for requests only HTTP parsing sees.
/// `views` replaces the replica as the calendar feed's source of households' states (a double over the test's
/// store; the server's replica by default). `metrics` and `logger` are the application's (a fresh registry, and
/// warnings to the console, by default).
func withSyncServer(
    limits: SyncLimits = SyncLimits(),
    migrations: [Migration] = SchemaMigrations.all,
    setup: TestingSetup = .router,
    views: (@Sendable (PostgresSyncStore) -> any HouseholdViewSource)? = nil,
    metrics: ServerMetrics = ServerMetrics(),
    logger: Logger? = nil,
    _ body: @escaping @Sendable (SyncServerHarness) async throws -> Void
) async throws {
    try await withPostgresCluster { cluster in
        let logger = logger ?? {
            var logger = Logger(label: "sync-server-tests")
            logger.logLevel = .warning
            return logger
        }()
        try await PostgresClient.withRunningClient(configuration: cluster.configuration(), logger: logger) { client in
            try await Migrator(migrations: migrations).migrate(client: client, logger: logger)
            try await withSyncServer(
                on: client, of: cluster, limits: limits, setup: setup, views: views, metrics: metrics, logger: logger,
                body)
        }
    }
}

/// Runs `body` against an application over `client`, a running client of `cluster` whose schema is migrated: for
/// tests that serve one database through two clients (one of them configured differently).
func withSyncServer(
    on client: PostgresClient,
    of cluster: PostgresCluster,
    limits: SyncLimits = SyncLimits(),
    setup: TestingSetup = .router,
    views: (@Sendable (PostgresSyncStore) -> any HouseholdViewSource)? = nil,
    metrics: ServerMetrics = ServerMetrics(),
    logger: Logger,
    _ body: @escaping @Sendable (SyncServerHarness) async throws -> Void
) async throws {
    let store = PostgresSyncStore(client: client, logger: logger, metrics: metrics)
    let app = SyncServerApplication.build(
        client: client,
        clientIsRunning: true,
        configuration: SyncServerConfiguration(
            host: "127.0.0.1",
            port: 0,
            database: cluster.configuration(),
            limits: limits,
            migrateOnStart: false
        ),
        logger: logger,
        views: views?(store),
        metrics: metrics
    )
    try await app.test(setup) { client in
        try await body(SyncServerHarness(store: store, client: client))
    }
}

extension SyncServerHarness {
    /// The household's rows a push writes: changes, entities (products and named entities), and applied op ids
    /// (change rows plus `operations`, which holds only op ids without a change row).
    /// - Throws: ``HarnessFailure`` when an op id is recorded both by a change row and in `operations`.
    func rowCounts(_ household: HouseholdID) async throws -> [Int64] {
        var counts: [Int64] = []
        for try await (changes, entities, operations, both) in try await store.client.query(
            """
            SELECT (SELECT count(*) FROM changes WHERE household_id = \(household.rawValue)),
                   (SELECT count(*) FROM entities WHERE household_id = \(household.rawValue)),
                   (SELECT count(*) FROM operations WHERE household_id = \(household.rawValue)),
                   (SELECT count(*) FROM operations o JOIN changes c USING (household_id, op_id)
                    WHERE o.household_id = \(household.rawValue))
            """
        ).decode((Int64, Int64, Int64, Int64).self) {
            guard both == 0 else {
                throw HarnessFailure(description: "\(both) op ids are recorded by a change row and in operations")
            }
            counts = [changes, entities, changes + operations]
        }
        return counts
    }

    /// Pushes and decodes the results.
    func results(_ household: HouseholdID, token: BearerToken, _ operations: [PushOperation]) async throws
        -> [PushResult]
    {
        let response = try await push(household, token: token, operations: operations)
        guard response.status == .ok else {
            throw HarnessFailure(description: "push answered \(response.status): \(String(buffer: response.body))")
        }
        return try decode(PushResponse.self, response).results
    }
}

/// A request the harness expected to succeed did not.
struct HarnessFailure: Error, CustomStringConvertible {
    let description: String
}
