import Foundation
import InventoryKit
import OpenFoodFactsFeed
import ProductImport
import ProductModule

/// The Open Food Facts-shaped feed the import scenarios share, built once per run (untimed): the lines, and what
/// the baseline writes — the products the import stores (with the fingerprint the import stores), as rows of a
/// `ProductLocalTransaction`.
actor ImportBenchFeed {
    /// The one feed of the run.
    static let shared = ImportBenchFeed()

    /// The records of one run: 20,000 in a full run, 2,000 with `--quick`.
    static func recordCount(_ configuration: BenchConfiguration) -> Int {
        configuration.productCount >= 100_000 ? 20_000 : 2_000
    }

    /// The records of `import.off-jsonl-cores`: three times ``recordCount(_:)`` (60,000 in a full run), so the
    /// import spends most of its time in its steady state: filling the pipeline (the first batch is prepared before
    /// any is written) and draining it (the last batch is written, and the log folded, with nothing left to prepare)
    /// leave a core idle, a fixed cost that weighs on a 20,000-record import's ratio (0.58× against 0.55× at 60,000
    /// records, medians of 9 alternate runs on two cores, 2026-11-30).
    static func coresRecordCount(_ configuration: BenchConfiguration) -> Int {
        3 * recordCount(configuration)
    }

    private var cached: (count: Int, lines: [Data], rows: ProductLocalTransaction)?

    /// The first `count` lines of the feed, without the baseline's rows (the run's feed when it has as many lines).
    func lines(count: Int, log: @Sendable (String) -> Void) throws -> [Data] {
        if let cached, cached.count == count { return cached.lines }
        return try Self.generate(count: count, log: log)
    }

    /// Generates the first `count` lines and logs their size.
    private static func generate(count: Int, log: @Sendable (String) -> Void) throws -> [Data] {
        let lines = try OpenFoodFactsFeed().lines(0..<count)
        let bytes = lines.reduce(0) { $0 + $1.count + 1 }
        log("   import feed: \(count) Open Food Facts-shaped records, \(bytes / 1_000_000) MB (mean \(bytes / max(1, count)) bytes)")
        return lines
    }

    /// What `ImportService` (default limits and category table, as the scenarios create it) combines every
    /// record's fingerprint with before storing it: the same recipe as its `fingerprintSalt`.
    static func fingerprintSalt(_ normalizer: OpenFoodFactsNormalizer) throws -> String {
        var digest = SourceFingerprinter(seed: "inventorykit.import.v1")
        digest.combine(normalizer.providerID.rawValue)
        digest.combine(try RecordCoding.encode(ImportLimits.standard))
        digest.combine(try RecordCoding.encode(CategoryNormalizer().table))
        return digest.fingerprint
    }

    /// A record's fingerprint as the import stores it: the normalizer's, combined with the salt.
    static func storedFingerprint(of line: Data, normalizer: OpenFoodFactsNormalizer, salt: String) -> String? {
        guard let raw = normalizer.sourceFingerprint(of: line) else { return nil }
        var digest = SourceFingerprinter(seed: salt)
        digest.combine(raw)
        return digest.fingerprint
    }

    /// The lines (one JSON object each, no newline) and the baseline's rows.
    func feed(count: Int, log: @Sendable (String) -> Void) throws -> (lines: [Data], rows: ProductLocalTransaction) {
        if let cached, cached.count == count { return (cached.lines, cached.rows) }
        let lines = try Self.generate(count: count, log: log)
        // What the import stores: each record normalized at the bench's clock, as version 1 with its fingerprint.
        let normalizer = OpenFoodFactsNormalizer()
        let salt = try Self.fingerprintSalt(normalizer)
        let context = NormalizationContext(now: BenchData.now)
        var products: [Product] = []
        products.reserveCapacity(count)
        for line in lines {
            guard case .success(let imported) = normalizer.normalize(line, context: context) else {
                throw BenchmarkError.setup("a generated Open Food Facts record does not normalize")
            }
            var product = imported.product
            if let fingerprint = Self.storedFingerprint(of: line, normalizer: normalizer, salt: salt) {
                product.recordSourceFingerprint(fingerprint, atVersion: 1)
            }
            products.append(product)
        }
        let rows = BenchData.addTransaction(products)
        cached = (count, lines, rows)
        return (lines, rows)
    }
}
