import Foundation
import InventoryKit
import OpenFoodFactsFeed
import ProductImport
import ProductModule

/// The catalogs of the `catalog.*` scenarios: SQLite stores of 1,000, 100,000 and 1,000,000 Open Food Facts-shaped
/// products (1,000, 10,000 and 20,000 with `--quick`), built once per run, untimed.
///
/// Product `n` is `OpenFoodFactsFeed`'s record `n` (a template of the real fixtures with a barcode and a name number
/// of its own) normalized by the kit's `OpenFoodFactsNormalizer`, stored as synced (product row and sync record, no
/// outbox entry: a catalog a device has pushed) by ``RawProductWriter``, which writes the rows `SQLiteProductStore`
/// writes. Records are normalized on every core and written 20,000 to a transaction, so memory follows the chunk.
actor CatalogStores {
    /// The one set of catalogs of the run.
    static let shared = CatalogStores()

    /// A built catalog: its database file (WAL folded in; copy it before writing) and its size.
    struct Catalog: Sendable {
        let path: String
        let count: Int
    }

    /// The catalog sizes of a run, smallest first.
    static func sizes(_ configuration: BenchConfiguration) -> [Int] {
        configuration.productCount >= 100_000 ? [1_000, 100_000, 1_000_000] : [1_000, 10_000, 20_000]
    }

    /// Records normalized and written per transaction while building.
    static let chunkSize = 20_000

    private var built: [Int: Catalog] = [:]

    /// The catalog of `count` products, built on first use.
    func catalog(_ count: Int, fixtures: BenchFixtures) async throws -> Catalog {
        if let catalog = built[count] { return catalog }
        let clock = ContinuousClock()
        let start = clock.now
        let path = try await fixtures.copy(fixtures.emptyTemplate(), as: "catalog-\(count).sqlite")
        let feed = try OpenFoodFactsFeed()
        let normalizer = OpenFoodFactsNormalizer()
        let context = NormalizationContext(now: BenchData.now)
        let database = try RawDatabase(path: path, cacheKiB: RawDatabase.writerCacheKiB)
        for first in stride(from: 0, to: count, by: Self.chunkSize) {
            let lines = feed.lines(first..<min(count, first + Self.chunkSize))
            let products = try ParallelMap.map(lines) { line -> Product in
                guard case .success(let imported) = normalizer.normalize(line, context: context) else {
                    throw BenchmarkError.setup("a generated Open Food Facts record does not normalize")
                }
                return imported.product
            }
            try RawProductWriter(database: database, upsert: false).writeInOneTransaction(
                BenchData.syncedTransaction(products))
        }
        try database.execute("ANALYZE")
        try database.checkpoint()
        let rows = try database.count("products")
        guard rows == count else { throw BenchmarkError.setup("the catalog of \(count) holds \(rows) products") }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        ScaleLog.write(
            "   catalog of \(count) products built in \(Report.formatSeconds(Stopwatch.seconds(start.duration(to: clock.now)))), "
                + "\(bytes / 1_000_000) MB (\(bytes / max(1, count)) bytes a product)")
        let catalog = Catalog(path: path, count: count)
        built[count] = catalog
        return catalog
    }

    /// Every catalog of the run, smallest first.
    func all(fixtures: BenchFixtures) async throws -> [Catalog] {
        var catalogs: [Catalog] = []
        for size in Self.sizes(fixtures.configuration) { catalogs.append(try await catalog(size, fixtures: fixtures)) }
        return catalogs
    }

    /// The largest catalog of the run.
    func largest(fixtures: BenchFixtures) async throws -> Catalog {
        try await catalog(Self.sizes(fixtures.configuration).last ?? 1_000, fixtures: fixtures)
    }
}
