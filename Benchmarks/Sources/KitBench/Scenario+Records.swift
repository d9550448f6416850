import Foundation
import InventoryKit
import SQLiteStorage

// MARK: - Generic records: RecordQuery pages on SQLiteStorage's field index

extension Scenario {
    /// The last page of a filtered, sorted `RecordQuery` over N client records in `SQLiteStorage` (typed, payloads
    /// decoded; the store declares the `(status, updatedAt)` pair, ``RecordBenchData/activePair``), against the
    /// same keyset page written by hand on a `(status, updated_at DESC, id)` index through the C API, decoding the
    /// payloads with `RecordCoding`.
    static let recordsQueryPage = Scenario(
        name: "records.query-page",
        summary: "SQLiteStorage RecordQuery last page (status = active, updatedAt desc, keyset, 50) over N clients vs a C API keyset page on a composite index",
        target: 1.5,
        timed: Timed(
            ours: "400 x domainMetadata.query of the last page, records decoded; storage open",
            baseline: "400 x the C API keyset page on the composite index, payloads decoded; statement prepared before")
    ) { fixtures in
        let setup = try await RecordPageSetup.make(fixtures)
        let fetches = fixtures.configuration.pageFetches
        let expected = setup.lastPageIDs
        return ScenarioRun(
            ours: {
                try await Stopwatch.time {
                    for _ in 0..<fetches {
                        let page = try await setup.storage.domainMetadata.query(RecordBenchData.Client.self, setup.lastQuery)
                        precondition(page.records.count == expected.count)
                    }
                }
            },
            baseline: {
                let database = try RawDatabase(path: setup.path)
                let statement = try database.prepare(RecordPageSetup.rawPageSQL)
                return try Stopwatch.timeSync {
                    for _ in 0..<fetches {
                        let page = try setup.rawLastPage(statement)
                        precondition(page.count == expected.count)
                    }
                }
            },
            finish: { try setup.close() })
    }

    /// The last page of the same query against its first page, both through `SQLiteStorage`: a keyset page costs
    /// the same at any depth.
    static let recordsQueryDepth = Scenario(
        name: "records.query-depth",
        summary: "SQLiteStorage RecordQuery over N clients: the last page (ours) vs the first page (baseline), pages of 50",
        target: 1.5,
        timed: Timed(
            ours: "400 x domainMetadata.query of the last page",
            baseline: "400 x the first page, same storage")
    ) { fixtures in
        let setup = try await RecordPageSetup.make(fixtures)
        let fetches = fixtures.configuration.pageFetches
        let firstQuery = RecordBenchData.activeQuery(limit: fixtures.configuration.pageSize)
        return ScenarioRun(
            ours: {
                try await Stopwatch.time {
                    for _ in 0..<fetches { _ = try await setup.storage.domainMetadata.query(RecordBenchData.Client.self, setup.lastQuery) }
                }
            },
            baseline: {
                try await Stopwatch.time {
                    for _ in 0..<fetches { _ = try await setup.storage.domainMetadata.query(RecordBenchData.Client.self, firstQuery) }
                }
            },
            finish: { try setup.close() })
    }
}

/// The store both page scenarios read: N clients in `SQLiteStorage` (domain metadata, collection `clients`) and
/// the same clients in a hand-made `raw_clients` table of the same file, with the last page's query and ids.
struct RecordPageSetup: Sendable {
    let path: String
    let storage: SQLiteStorage
    let lastQuery: RecordQuery
    let lastPageIDs: [UUID]
    let cursorUpdatedAt: Double
    let cursorID: String
    let pageSize: Int
    let removeFile: @Sendable () -> Void

    /// The baseline's page: the same filter, order and keyset condition, one row more than the page (as the store
    /// reads, to know whether a next page exists).
    static let rawPageSQL = """
        SELECT id, payload FROM raw_clients
        WHERE status = 'active' AND updated_at <= ?1 AND (updated_at < ?1 OR id > ?2)
        ORDER BY updated_at DESC, id ASC LIMIT ?3
        """

    /// Builds the store (untimed) and checks that both sides return the expected last page.
    static func make(_ fixtures: BenchFixtures) async throws -> RecordPageSetup {
        let count = fixtures.configuration.productCount
        let pageSize = fixtures.configuration.pageSize
        let path = try await fixtures.copy(fixtures.emptyTemplate(), as: "records-page.sqlite")
        let clients = (0..<count).map(RecordBenchData.client)
        // The app's index for its frequent query, as the baseline's table has its composite index.
        let storage = try SQLiteStorage(path: path, compositeIndexes: [RecordBenchData.activePair])
        for start in stride(from: 0, to: count, by: 5_000) {
            try await storage.domainMetadata.apply(clients[start..<min(start + 5_000, count)].map { try RecordWrite.save($0) })
        }
        do {
            let database = try RawDatabase(path: path)
            try database.execute(
                """
                CREATE TABLE raw_clients (id TEXT NOT NULL PRIMARY KEY, status TEXT NOT NULL, updated_at REAL NOT NULL,
                    payload BLOB NOT NULL);
                CREATE INDEX raw_clients_by_status ON raw_clients (status, updated_at DESC, id);
                BEGIN;
                """)
            let insert = try database.prepare("INSERT INTO raw_clients (id, status, updated_at, payload) VALUES (?1, ?2, ?3, ?4)")
            for client in clients {
                insert.bind(1, client.recordID.rawValue)
                insert.bind(2, client.status)
                insert.bind(3, client.updatedAt.timeIntervalSinceReferenceDate)
                insert.bind(4, try RecordCoding.encode(client))
                try insert.run()
            }
            try database.execute("COMMIT; PRAGMA optimize;")
        }
        // The reference order of the active clients: updatedAt descending, then record id bytes ascending.
        let active = clients.filter { $0.status == "active" }.sorted { lhs, rhs in
            if lhs.updatedAt != rhs.updatedAt { return lhs.updatedAt > rhs.updatedAt }
            return lhs.recordID < rhs.recordID
        }
        let before = active[active.count - pageSize - 1]
        let sort: [RecordSortKey] = [.descending("updatedAt")]
        let lastQuery = RecordBenchData.activeQuery(
            limit: pageSize, cursor: RecordCursor(sort: sort, values: [.date(before.updatedAt)], lastID: before.recordID))
        let setup = RecordPageSetup(
            path: path, storage: storage, lastQuery: lastQuery, lastPageIDs: active.suffix(pageSize).map(\.id),
            cursorUpdatedAt: before.updatedAt.timeIntervalSinceReferenceDate, cursorID: before.recordID.rawValue,
            pageSize: pageSize, removeFile: { fixtures.removeDatabase(path) })
        let ours = try await storage.domainMetadata.query(RecordBenchData.Client.self, lastQuery)
        let database = try RawDatabase(path: path)
        let raw = try setup.rawLastPage(try database.prepare(rawPageSQL))
        guard ours.records.map(\.id) == setup.lastPageIDs, ours.nextCursor == nil, raw.map(\.id) == setup.lastPageIDs else {
            throw BenchmarkError.setup("the last page of the clients is not what the benchmark expects")
        }
        return setup
    }

    /// The baseline's last page through the C API.
    func rawLastPage(_ statement: RawStatement) throws -> [RecordBenchData.Client] {
        statement.bind(1, cursorUpdatedAt)
        statement.bind(2, cursorID)
        statement.bind(3, Int64(pageSize + 1))
        var clients: [RecordBenchData.Client] = []
        while try statement.step() {
            if clients.count == pageSize { continue }
            clients.append(try RecordCoding.decode(RecordBenchData.Client.self, from: statement.data(1)))
        }
        statement.reset()
        return clients
    }

    /// Closes the store and removes its file.
    func close() throws {
        try storage.close()
        removeFile()
    }
}
