import Foundation
import InventoryKit
import ProductModule
import SQLiteStorage

// MARK: - How a catalog's open and check grow with its size (CatalogStores)

extension Scenario {
    /// Opening the 1M-product catalog against opening the 1,000-product one: an open that does not grow with the
    /// catalog keeps the ratio near 1×, where growing linearly would make it 1,000×.
    static let catalogOpenGrowth = Scenario(
        name: "catalog.open-growth",
        summary: "open the SQLite store and read its first page: the 1M-product catalog vs the 1k one (linear growth would be 1000x)",
        target: 3,
        timed: Timed(
            ours: "20 x (SQLiteStorage(path:) + the first page of 50 by title through SQLiteProductStore.query + close()) "
                + "of the 1M-product catalog",
            baseline: "the same of the 1k-product catalog")
    ) { fixtures in
        let catalogs = try await CatalogStores.shared.all(fixtures: fixtures)
        guard let smallest = catalogs.first, let largest = catalogs.last else {
            throw BenchmarkError.setup("no catalog was built")
        }
        for catalog in catalogs {
            let seconds = try await openAndRead(catalog.path, times: 20)
            ScaleLog.write("   catalog.open-growth: \(catalog.count) products, \(Report.formatSeconds(seconds)) for 20 opens")
        }
        return ScenarioRun(
            ours: { try await openAndRead(largest.path, times: 20) },
            baseline: { try await openAndRead(smallest.path, times: 20) })
    }

    /// The full check of the 1M-product catalog against that of the 100k one, per product: the file's integrity
    /// (`PRAGMA integrity_check`) and every product read back through pages of the store.
    static let catalogCheckGrowth = Scenario(
        name: "catalog.check-growth",
        summary: "full check (integrity_check + every product read through store pages of 500): 1M-product catalog / 10 vs the 100k one (1x is linear)",
        target: 1.2,
        timed: Timed(
            ours: "SQLiteStorage.integrityProblems() + every product through SQLiteProductStore.query pages of 500 "
                + "by creation (keyset), on the 1M-product catalog, divided by 10",
            baseline: "the same on the 100k-product catalog")
    ) { fixtures in
        let catalogs = try await CatalogStores.shared.all(fixtures: fixtures)
        guard catalogs.count >= 2 else { throw BenchmarkError.setup("the check growth needs two catalogs") }
        let middle = catalogs[catalogs.count - 2]
        let largest = catalogs[catalogs.count - 1]
        let scale = Double(middle.count) / Double(largest.count)
        if let smallest = catalogs.first {
            let seconds = try await check(smallest)
            ScaleLog.write("   catalog.check-growth: \(smallest.count) products checked in \(Report.formatSeconds(seconds))")
        }
        return ScenarioRun(
            ours: {
                let seconds = try await check(largest)
                ScaleLog.write("   catalog.check-growth: \(largest.count) products checked in \(Report.formatSeconds(seconds))")
                return seconds * scale
            },
            baseline: {
                let seconds = try await check(middle)
                ScaleLog.write("   catalog.check-growth: \(middle.count) products checked in \(Report.formatSeconds(seconds))")
                return seconds
            })
    }

    /// `times` opens of the store at `path`, each reading the first page by title and closing.
    private static func openAndRead(_ path: String, times: Int) async throws -> Double {
        try await Stopwatch.time {
            for _ in 0..<times {
                let storage = try SQLiteStorage(path: path)
                let page = try await SQLiteProductStore(storage: storage).query(
                    ProductQuery(page: PageRequest(limit: 50), sort: .title(.ascending)))
                try storage.close()
                guard page.products.count == 50 else {
                    throw BenchmarkError.mismatch(scenario: "catalog.open-growth", detail: "a first page of \(page.products.count)")
                }
            }
        }
    }

    /// The check of a catalog: the file's integrity, then every product through pages of 500; throws unless the
    /// file is sound and every product read.
    private static func check(_ catalog: CatalogStores.Catalog) async throws -> Double {
        let storage = try SQLiteStorage(path: catalog.path)
        defer { try? storage.close() }
        let store = SQLiteProductStore(storage: storage)
        var problems: [String] = []
        var read = 0
        let seconds = try await Stopwatch.time {
            problems = try storage.integrityProblems()
            var next: ProductQuery? = ProductQuery(page: PageRequest(limit: 500), sort: .createdAt(.ascending))
            while let query = next {
                let page = try await store.query(query)
                read += page.products.count
                problems += page.damaged.map { "\(String(describing: $0.id)): \($0.error)" }
                next = query.after(page.nextCursor)
            }
        }
        guard problems.isEmpty, read == catalog.count else {
            throw BenchmarkError.mismatch(
                scenario: "catalog.check-growth", detail: "\(read) of \(catalog.count) read, problems: \(problems.prefix(3))")
        }
        return seconds
    }
}
