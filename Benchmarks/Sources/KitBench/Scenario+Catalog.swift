import Foundation
import InventoryKit
import OpenFoodFactsFeed
import ProductModule
import SQLiteStorage

// MARK: - Reads of a catalog of a million products (CatalogStores)

extension Scenario {
    /// Barcode lookups in the largest catalog through `ProductModuleService.retrieveProduct(by: .barcode(…))`
    /// against the C API's `SELECT payload … WHERE barcode = ?` and a `JSONDecoder` of the row.
    static let catalogBarcodeLookup = Scenario(
        name: "catalog.barcode-lookup",
        summary: "barcode lookups in the 1M-product catalog through ProductModuleService vs a prepared SELECT … WHERE barcode = ? + JSONDecoder",
        target: 1.3,
        timed: Timed(
            ours: "2,000 x ProductModuleService.retrieveProduct(by: .barcode(code)) (local-only) on an open store",
            baseline: "2,000 x one reused prepared SELECT payload FROM products WHERE barcode = ?1, each row decoded "
                + "with one reused JSONDecoder; connection opened before")
    ) { fixtures in
        let catalog = try await CatalogStores.shared.largest(fixtures: fixtures)
        let lookups = fixtures.configuration.productCount >= 100_000 ? 2_000 : 500
        // Spread over the whole catalog (a prime stride), so the lookups touch pages the cache does not hold yet.
        let codes = (0..<lookups).map { OpenFoodFactsFeed.barcode(($0 &* 104_729 &+ 7) % catalog.count) }
        let storage = try SQLiteStorage(path: catalog.path)
        let service = ProductModuleService(
            store: SQLiteProductStore(storage: storage), replicaID: BenchData.replica, clock: .constant(BenchData.now))
        let results = PageResults()
        return ScenarioRun(
            ours: {
                try await fingerprinted(results, .ours) { fingerprint in
                    for code in codes {
                        guard let product = try await service.retrieveProduct(by: .barcode(code)) else {
                            throw BenchmarkError.mismatch(scenario: "catalog.barcode-lookup", detail: "ours found no \(code)")
                        }
                        fingerprint.add(product)
                    }
                }
            },
            baseline: {
                let database = try RawDatabase(path: catalog.path)
                return try await fingerprinted(results, .baseline) { fingerprint in
                    let decoder = JSONDecoder()
                    let select = try database.prepare("SELECT payload FROM products WHERE barcode = ?1")
                    for code in codes {
                        select.bind(1, code)
                        guard try select.step() else {
                            throw BenchmarkError.mismatch(scenario: "catalog.barcode-lookup", detail: "baseline found no \(code)")
                        }
                        fingerprint.add(try decoder.decode(Product.self, from: select.data(0)))
                        select.reset()
                    }
                }
            },
            verify: { try await results.verify("catalog.barcode-lookup", expectedCount: lookups) },
            finish: { try storage.close() })
    }

    /// Pages of one category of the largest catalog, sorted by title, through `SQLiteProductStore.query` against the
    /// same keyset pages written by hand.
    static let catalogCategoryPage = Scenario(
        name: "catalog.category-page",
        summary: "pages of 50 of each category of the 1M-product catalog by title (keyset) through SQLiteProductStore.query vs the same SQL through the C API + JSONDecoder",
        target: 1.3,
        timed: Timed(
            ours: "for each category: its first 4 pages of 50 by title through SQLiteProductStore.query (.category "
                + "filter, cursor of the page before) on an open store",
            baseline: "the same pages through the C API: WHERE category_main IS ?1 AND category_sub IS ?2 [AND keyset "
                + "after the last row] ORDER BY title_key, product_id LIMIT 50, rows decoded with one JSONDecoder")
    ) { fixtures in
        let catalog = try await CatalogStores.shared.largest(fixtures: fixtures)
        let pageSize = fixtures.configuration.pageSize
        let pagesEach = 4
        let categories = try CatalogQueries.categories(catalog.path)
        guard !categories.isEmpty else { throw BenchmarkError.setup("the catalog has no category") }
        let storage = try SQLiteStorage(path: catalog.path)
        let store = SQLiteProductStore(storage: storage)
        let results = PageResults()
        return ScenarioRun(
            ours: {
                try await fingerprinted(results, .ours) { fingerprint in
                    for category in categories {
                        var next: ProductQuery? = ProductQuery(
                            page: PageRequest(limit: pageSize), sort: .title(.ascending),
                            filters: [.category(main: category.main, sub: category.sub)])
                        for _ in 0..<pagesEach {
                            guard let query = next else { break }
                            let page = try await store.query(query)
                            page.products.forEach { fingerprint.add($0) }
                            next = query.after(page.nextCursor)
                        }
                    }
                }
            },
            baseline: {
                let database = try RawDatabase(path: catalog.path)
                return try await fingerprinted(results, .baseline) { fingerprint in
                    try CatalogQueries.categoryPages(
                        database, categories: categories, pageSize: pageSize, pages: pagesEach) { fingerprint.add($0) }
                }
            },
            verify: { try await results.verify("catalog.category-page", expectedCount: nil) },
            finish: { try storage.close() })
    }

    /// First pages of title-prefix searches (type-ahead) in the largest catalog, through `SQLiteProductStore.query`
    /// with `.titlePrefix`, against the same range of the title index written by hand.
    static let catalogTitlePrefixPage = Scenario(
        name: "catalog.title-prefix-page",
        summary: "first pages of 50 of 200 title-prefix searches in the 1M-product catalog through SQLiteProductStore.query vs the title index range through the C API + JSONDecoder",
        target: 1.3,
        timed: Timed(
            ours: "200 x SQLiteProductStore.query(.titlePrefix(p), by title, 50) on an open store (prefixes of 3 to 12 "
                + "characters cut from titles across the catalog)",
            baseline: "200 x one reused prepared SELECT … WHERE title_key >= ?1 AND title_key < ?2 ORDER BY title_key, "
                + "product_id LIMIT 50, rows decoded with one JSONDecoder")
    ) { fixtures in
        let catalog = try await CatalogStores.shared.largest(fixtures: fixtures)
        let pageSize = fixtures.configuration.pageSize
        let prefixes = try CatalogQueries.titlePrefixes(catalog.path, catalogCount: catalog.count, count: 200)
        guard prefixes.count == 200 else { throw BenchmarkError.setup("\(prefixes.count) title prefixes of 200") }
        let storage = try SQLiteStorage(path: catalog.path)
        let store = SQLiteProductStore(storage: storage)
        let results = PageResults()
        return ScenarioRun(
            ours: {
                try await fingerprinted(results, .ours) { fingerprint in
                    for prefix in prefixes {
                        let page = try await store.query(
                            ProductQuery(page: PageRequest(limit: pageSize), sort: .title(), filters: [.titlePrefix(prefix)]))
                        page.products.forEach { fingerprint.add($0) }
                    }
                }
            },
            baseline: {
                let database = try RawDatabase(path: catalog.path)
                return try await fingerprinted(results, .baseline) { fingerprint in
                    let decoder = JSONDecoder()
                    let statement = try CatalogQueries.prepareTitlePrefixPage(database)
                    for prefix in prefixes {
                        try CatalogQueries.titlePrefixPage(
                            statement, prefix: prefix, pageSize: pageSize, decoder: decoder) { fingerprint.add($0) }
                    }
                }
            },
            verify: { try await results.verify("catalog.title-prefix-page", expectedCount: nil) },
            finish: { try storage.close() })
    }

    /// One measurement of a read scenario's side: `work`'s time, with the fingerprint of the products it adds
    /// recorded for ``PageResults/verify(_:expectedCount:)``.
    private static func fingerprinted(
        _ results: PageResults, _ side: Side, _ work: (inout Fingerprint) async throws -> Void
    ) async throws -> Double {
        var fingerprint = Fingerprint()
        let seconds = try await Stopwatch.time { try await work(&fingerprint) }
        await results.record(fingerprint, side: side)
        return seconds
    }
}
