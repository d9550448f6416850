import Foundation
import InventoryKit
import InventorySync
import ProductModule
import SQLiteStorage

// MARK: - SQLite provider (SQLiteStorage + SQLiteProductStore on GRDB) against the C API

extension Scenario {
    /// One `SQLiteProductStore.commit` of a transaction adding every product (with sync records and outbox
    /// entries) to an empty database, against the same rows written through the C API.
    static let sqliteBulkAdd = Scenario(
        name: "sqlite.bulk-add",
        summary: "SQLiteProductStore.commit of N new products + sync records + outbox vs C API inserts, one transaction",
        target: 1.3,
        timed: Timed(
            ours: "SQLiteProductStore.commit: rows encoded on every core (RecordCoding), one WAL transaction "
                + "(synchronous NORMAL, 32 MiB cache); open and close (checkpoint) untimed",
            baseline: "statements prepared, one C API transaction of prepared INSERTs, its rows encoded on every core "
                + "(RecordCoding.encode, outbox entries spliced) 2 048 rows ahead of the writer, same pragmas "
                + "(32 MiB cache); open and close untimed")
    ) { fixtures in
        let transaction = BenchData.addTransaction(await fixtures.products())
        return try await bulkWrite("sqlite.bulk-add", transaction, template: fixtures.emptyTemplate(), upsert: false, fixtures)
    }

    /// One `SQLiteProductStore.commit` updating every product of a synced store, against the same rows upserted
    /// through the C API.
    static let sqliteBulkUpdate = Scenario(
        name: "sqlite.bulk-update",
        summary: "SQLiteProductStore.commit updating N existing products (+ sync, outbox) vs C API INSERT … ON CONFLICT DO UPDATE",
        target: 1.3,
        timed: Timed(
            ours: "SQLiteProductStore.commit upserting N products, sync records, N outbox entries into a copy of the "
                + "synced store: rows encoded on every core, one WAL transaction (32 MiB cache); open and close untimed",
            baseline: "statements prepared, one C API transaction of INSERT ... ON CONFLICT DO UPDATE, its rows encoded "
                + "on every core 2 048 rows ahead of the writer, same pragmas (32 MiB cache); open and close untimed")
    ) { fixtures in
        let transaction = BenchData.updateTransaction(await fixtures.products())
        return try await bulkWrite("sqlite.bulk-update", transaction, template: fixtures.syncedTemplate(), upsert: true, fixtures)
    }

    private static func bulkWrite(
        _ name: String, _ transaction: ProductLocalTransaction, template: String, upsert: Bool, _ fixtures: BenchFixtures
    ) async throws -> ScenarioRun {
        let files = SideFiles(fixtures: fixtures)
        return ScenarioRun(
            ours: {
                let path = try await fixtures.copy(template, as: "ours.sqlite")
                let storage = try SQLiteStorage(path: path)
                let store = SQLiteProductStore(storage: storage)
                let seconds = try await Stopwatch.time { try await store.commit(transaction) }
                try storage.close()
                await files.keepOrRemove(path, side: .ours)
                return seconds
            },
            baseline: {
                let path = try await fixtures.copy(template, as: "baseline.sqlite")
                let seconds = try Self.rawWrite(transaction, path: path, upsert: upsert)
                await files.keepOrRemove(path, side: .baseline)
                return seconds
            },
            verify: {
                guard let ours = await files.path(of: .ours), let baseline = await files.path(of: .baseline) else { return }
                let (oursDigest, baselineDigest) = (try TableDigest.productTables(at: ours), try TableDigest.productTables(at: baseline))
                guard oursDigest == baselineDigest else {
                    throw BenchmarkError.mismatch(scenario: name, detail: "ours \(oursDigest); baseline \(baselineDigest)")
                }
                await files.removeAll()
            },
            finish: { await files.removeAll() })
    }

    /// Opens the database with the kit writer's pragmas (untimed), then times statement preparation and the one
    /// transaction, its rows encoded on every core a chunk ahead of the writer.
    private static func rawWrite(_ transaction: ProductLocalTransaction, path: String, upsert: Bool) throws -> Double {
        let database = try RawDatabase(path: path, cacheKiB: RawDatabase.writerCacheKiB)
        let clock = ContinuousClock()
        let start = clock.now
        let writer = try RawProductWriter(database: database, upsert: upsert)
        let waited = try writer.writeInOneTransaction(transaction)
        let seconds = Stopwatch.seconds(start.duration(to: clock.now))
        ScaleLog.write("   baseline: the writer waited \(Report.formatSeconds(waited)) for encoded rows")
        return seconds
    }

    /// Every product, page by page (`ProductQuery`, newest change first, pages of 50, keyset cursor), against
    /// the same keyset pagination through the C API on the same index, decoding each payload with one reused
    /// `JSONDecoder`.
    static let sqliteFetchAllPages = Scenario(
        name: "sqlite.fetch-all-pages",
        summary: "every product through ProductQuery pages of 50 (updatedAt desc, keyset) vs C API keyset pagination + JSONDecoder",
        target: 1.6,
        timed: Timed(
            ours: "every page through SQLiteProductStore.query until nextCursor is nil, payloads decoded; connection "
                + "opened before, untimed",
            baseline: "every keyset page through the C API, each payload decoded with one reused JSONDecoder; "
                + "statements prepared inside, connection (2 MiB cache) opened before")
    ) { fixtures in
        let path = try await fixtures.copy(fixtures.syncedTemplate(), as: "pages.sqlite")
        let pageSize = fixtures.configuration.pageSize
        let results = PageResults()
        // Both sides open a new connection for each measurement (untimed) and read the same file.
        return ScenarioRun(
            ours: {
                var fingerprint = Fingerprint()
                let storage = try SQLiteStorage(path: path)
                let store = SQLiteProductStore(storage: storage)
                defer { try? storage.close() }
                let seconds = try await Stopwatch.time {
                    var next: ProductQuery? = ProductQuery(page: PageRequest(limit: pageSize), sort: .updatedAt(.descending))
                    while let query = next {
                        let page = try await store.query(query)
                        for product in page.products { fingerprint.add(product) }
                        next = query.after(page.nextCursor)
                    }
                }
                await results.record(fingerprint, side: .ours)
                return seconds
            },
            baseline: {
                var fingerprint = Fingerprint()
                let database = try RawDatabase(path: path)
                let seconds = try Stopwatch.timeSync {
                    try Self.rawFetchAll(database, pageSize: pageSize) { fingerprint.add($0) }
                }
                await results.record(fingerprint, side: .baseline)
                return seconds
            },
            verify: { try await results.verify("sqlite.fetch-all-pages", expectedCount: fixtures.configuration.productCount) },
            finish: { fixtures.removeDatabase(path) })
    }

    /// Keyset pagination written by hand: the first page, then `WHERE (updated_at, product_id)` after the last
    /// row, on the `(updated_at, product_id)` index, until a page comes back short.
    private static func rawFetchAll(_ database: RawDatabase, pageSize: Int, _ body: (Product) -> Void) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .deferredToDate
        let first = try database.prepare(
            "SELECT product_id, payload FROM products ORDER BY updated_at DESC, product_id ASC LIMIT ?1")
        let after = try database.prepare(
            """
            SELECT product_id, payload FROM products WHERE updated_at <= ?1 AND (updated_at < ?1 OR product_id > ?2)
            ORDER BY updated_at DESC, product_id ASC LIMIT ?3
            """)
        var cursor: (updatedAt: Double, id: String)?
        while true {
            let statement: RawStatement
            if let cursor {
                statement = after
                statement.bind(1, cursor.updatedAt)
                statement.bind(2, cursor.id)
                statement.bind(3, Int64(pageSize))
            } else {
                statement = first
                statement.bind(1, Int64(pageSize))
            }
            var count = 0
            var last: Product?
            while try statement.step() {
                let product = try decoder.decode(Product.self, from: statement.data(1))
                body(product)
                last = product
                count += 1
            }
            statement.reset()
            guard count == pageSize, let last else { return }
            cursor = (last.updatedAt.timeIntervalSinceReferenceDate, last.productID.rawValue)
        }
    }

    /// The last page of the same query against its first page, both through `SQLiteProductStore.query`: a keyset
    /// page should cost the same at any depth.
    static let sqlitePageDepth = Scenario(
        name: "sqlite.last-vs-first-page",
        summary: "SQLiteProductStore.query of the last page (ours) vs the first page (baseline), pages of 50",
        target: 1.5,
        timed: Timed(
            ours: "400 x SQLiteProductStore.query of the last page on an open store",
            baseline: "400 x the first page on the same store")
    ) { fixtures in
        let path = try await fixtures.copy(fixtures.syncedTemplate(), as: "depth.sqlite")
        let storage = try SQLiteStorage(path: path)
        let store = SQLiteProductStore(storage: storage)
        let configuration = fixtures.configuration
        let pageSize = configuration.pageSize
        let firstQuery = ProductQuery(page: PageRequest(limit: pageSize), sort: .updatedAt(.descending))
        // Newest first: the last page holds products pageSize-1 … 0; it starts after product `pageSize`.
        let beforeLast = await fixtures.products()[pageSize]
        let lastQuery = ProductQuery(
            page: PageRequest(
                limit: pageSize,
                cursor: PageCursor(
                    RecordCursor(
                        sort: firstQuery.sort.recordSort, values: [.date(beforeLast.updatedAt)],
                        lastID: beforeLast.productID.recordID))),
            sort: firstQuery.sort)
        let last = try await store.query(lastQuery)
        let first = try await store.query(firstQuery)
        guard last.products.count == pageSize, last.nextCursor == nil,
            last.products.first?.productID.rawValue == BenchData.barcode(pageSize - 1),
            first.products.first?.productID.rawValue == BenchData.barcode(configuration.productCount - 1)
        else {
            throw BenchmarkError.setup("the last page is not what the benchmark expects")
        }
        let fetches = configuration.pageFetches
        return ScenarioRun(
            ours: {
                try await Stopwatch.time {
                    for _ in 0..<fetches { _ = try await store.query(lastQuery) }
                }
            },
            baseline: {
                try await Stopwatch.time {
                    for _ in 0..<fetches { _ = try await store.query(firstQuery) }
                }
            },
            finish: {
                try storage.close()
                fixtures.removeDatabase(path)
            })
    }

    /// Products added one at a time through `ProductModuleService.addProducts` (one local commit with its outbox
    /// entry each) into a store of N synced products, against single-row autocommit inserts through the C API.
    static let sqliteAddOne = Scenario(
        name: "sqlite.add-one",
        summary: "ProductModuleService.addProducts([p]) x K into N synced products vs C API single-row autocommit INSERT x K",
        target: 2.5,
        timed: Timed(
            ours: "1 000 x ProductModuleService.addProducts([p]): validation, one commit each of product, sync record "
                + "and outbox entry (WAL, NORMAL)",
            baseline: "statements prepared, 1 000 autocommit INSERTs of the products row alone, JSONEncoder payloads (2 "
                + "MiB cache); connection opened before")
    ) { fixtures in
        let configuration = fixtures.configuration
        let template = try await fixtures.syncedTemplate()
        let newProducts = BenchData.products(configuration.productCount..<(configuration.productCount + configuration.singleAdds))
        let counts = RowCounts()
        return ScenarioRun(
            ours: {
                let path = try await fixtures.copy(template, as: "add-one-ours.sqlite")
                let storage = try SQLiteStorage(path: path)
                let service = ProductModuleService(
                    store: SQLiteProductStore(storage: storage), replicaID: BenchData.replica,
                    clock: .constant(BenchData.now))
                let seconds = try await Stopwatch.time {
                    for product in newProducts { try await service.addProducts([product]) }
                }
                try storage.close()
                await counts.record(try RawDatabase(path: path).count("products"), side: .ours)
                fixtures.removeDatabase(path)
                return seconds
            },
            baseline: {
                let path = try await fixtures.copy(template, as: "add-one-baseline.sqlite")
                let database = try RawDatabase(path: path)
                let seconds = try Stopwatch.timeSync {
                    let writer = try RawProductWriter(database: database, upsert: false)
                    for product in newProducts { try writer.insert(product, syncState: .pendingUpsert) }
                }
                await counts.record(try RawDatabase(path: path).count("products"), side: .baseline)
                fixtures.removeDatabase(path)
                return seconds
            },
            verify: {
                try await counts.verify("sqlite.add-one", expected: configuration.productCount + configuration.singleAdds)
            })
    }
}
