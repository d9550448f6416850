import Foundation
import InventoryKit
import ProductImport
import ProductModule
import SQLiteStorage

// MARK: - Import at catalog scale (ImportService + ProductModuleService on SQLiteProductStore)

extension Scenario {
    /// The first import of the Open Food Facts-shaped feed into a new SQLite store through `ImportService`,
    /// against what a hand-written importer of the same file pays on this machine: `JSONSerialization` of every
    /// line (on every core), then a prepared-statement insert of the final stored rows (products, sync records,
    /// outbox entries; encoded on every core) through the C API in one transaction, and the WAL folded into the
    /// database as closing the store does.
    static let importOffJSONL = Scenario(
        name: "import.off-jsonl",
        summary: "ImportService of N Open Food Facts-shaped JSONL records into a new SQLite store vs JSONSerialization of every line + C API insert of the final rows + checkpoint",
        target: 1.5,
        timed: Timed(
            ours: "ImportService.importRecords of every line (decode, normalize, fingerprint, commits) + "
                + "storage.close() (the WAL checkpoint); store opened before",
            baseline: "every line parsed by JSONSerialization on every core, then the precomputed final rows "
                + "written as in sqlite.bulk-add (prepared statements, 32 MiB cache), then wal_checkpoint(TRUNCATE)")
    ) { fixtures in
        let count = ImportBenchFeed.recordCount(fixtures.configuration)
        let (lines, rows) = try await ImportBenchFeed.shared.feed(count: count, log: ScaleLog.write)
        let template = try await fixtures.emptyTemplate()
        let counts = RowCounts()
        return ScenarioRun(
            ours: {
                let path = try await fixtures.copy(template, as: "import-ours.sqlite")
                let (seconds, report) = try await importFeed(lines, into: path)
                guard report.created.count == count, report.rejected.isEmpty else {
                    throw BenchmarkError.mismatch(scenario: "import.off-jsonl", detail: "ours: \(report)")
                }
                ScaleLog.write("   import.off-jsonl: \(rate(count, seconds)) records/s")
                await counts.record(try RawDatabase(path: path).count("products"), side: .ours)
                fixtures.removeDatabase(path)
                return seconds
            },
            baseline: {
                let path = try await fixtures.copy(template, as: "import-baseline.sqlite")
                let seconds = try parseAndInsert(lines, rows, path: path)
                await counts.record(try RawDatabase(path: path).count("products"), side: .baseline)
                fixtures.removeDatabase(path)
                return seconds
            },
            verify: { try await counts.verify("import.off-jsonl", expected: count) },
            records: count)
    }

    /// Re-importing the same feed into the store its first import wrote (nothing changes), against the least such
    /// a re-import must do: fingerprint every line (the normalizer's `sourceFingerprint(of:)`, on every core), find
    /// every fingerprint in the same store (`source_fingerprint IN (…)`, 500 a query, on its index, as the store
    /// does), and fold the WAL into the database as closing the store does.
    static let importOffJSONLUnchanged = Scenario(
        name: "import.off-jsonl-unchanged",
        summary: "ImportService re-import of the same N records (all unchanged) vs fingerprint every line + look the fingerprints up in the same store + checkpoint",
        target: 1.0,
        timed: Timed(
            ours: "the same import again over the first import's store (all unchanged) + storage.close()",
            baseline: "every line fingerprinted on every core, each fingerprint found in a copy of the same store (IN "
                + "of 500 on its index, one read transaction), wal_checkpoint(TRUNCATE)")
    ) { fixtures in
        let count = ImportBenchFeed.recordCount(fixtures.configuration)
        let (lines, _) = try await ImportBenchFeed.shared.feed(count: count, log: ScaleLog.write)
        // The store after a first import, built once (untimed), its WAL folded in.
        let imported = try await fixtures.copy(fixtures.emptyTemplate(), as: "import-template.sqlite")
        _ = try await importFeed(lines, into: imported)
        try BenchFixtures.checkpoint(imported)
        let counts = RowCounts()
        return ScenarioRun(
            ours: {
                let path = try await fixtures.copy(imported, as: "reimport-ours.sqlite")
                let (seconds, report) = try await importFeed(lines, into: path)
                guard report.unchanged.count == count, report.isAllUnchanged else {
                    throw BenchmarkError.mismatch(scenario: "import.off-jsonl-unchanged", detail: "ours: \(report)")
                }
                ScaleLog.write("   import.off-jsonl-unchanged: \(rate(count, seconds)) records/s (target >= 50,000)")
                await counts.record(try RawDatabase(path: path).count("products"), side: .ours)
                fixtures.removeDatabase(path)
                return seconds
            },
            baseline: {
                let path = try await fixtures.copy(imported, as: "reimport-baseline.sqlite")
                let seconds = try fingerprintAndLookUp(lines, path: path)
                await counts.record(try RawDatabase(path: path).count("products"), side: .baseline)
                fixtures.removeDatabase(path)
                return seconds
            },
            verify: { try await counts.verify("import.off-jsonl-unchanged", expected: count) },
            finish: { fixtures.removeDatabase(imported) },
            records: count)
    }

    /// Opens the store (untimed), times `ImportService.importRecords` of every line and closing the store.
    static func importFeed(_ lines: [Data], into path: String) async throws -> (Double, ImportReport<ProductID>) {
        let storage = try SQLiteStorage(path: path)
        let catalog = ProductModuleService(
            store: SQLiteProductStore(storage: storage), replicaID: BenchData.replica, clock: .constant(BenchData.now))
        let importer = ImportService(products: catalog, clock: .constant(BenchData.now))
        var report: ImportReport<ProductID>?
        let cpuBefore = ProcessCPU.now
        // Closing is timed: it folds the write-ahead log into the database, work the import leaves behind.
        let seconds = try await Stopwatch.time {
            report = try await importer.importRecords(lines, from: OpenFoodFactsNormalizer())
            try storage.close()
        }
        let cpu = ProcessCPU.now.since(cpuBefore)
        guard let report else { throw BenchmarkError.setup("the import returned no report") }
        if !lines.isEmpty {
            ScaleLog.write("   import: \(cpu.perItem(lines.count, item: "record"))")
        }
        return (seconds, report)
    }

    /// The baseline, a hand-written importer of the same file: every line parsed by Foundation's
    /// `JSONSerialization` on every core (each must be an object with a `code`), then the final stored rows encoded
    /// on every core and written through the C API in one transaction (statements prepared inside the timing, the
    /// database opened before it with the kit writer's pragmas), then `wal_checkpoint(TRUNCATE)`, the work of ours'
    /// timed `close()`. The parse is not overlapped with the writes (the kit's import prepares the next batches
    /// while it writes one), so this floor is not the lowest possible.
    private static func parseAndInsert(_ lines: [Data], _ rows: ProductLocalTransaction, path: String) throws -> Double {
        let database = try RawDatabase(path: path, cacheKiB: RawDatabase.writerCacheKiB)
        var objects = 0
        var parsing = 0.0
        let seconds = try Stopwatch.timeSync {
            parsing = try Stopwatch.timeSync {
                let parsed = try ParallelMap.map(lines) { line in
                    let object = try JSONSerialization.jsonObject(with: line) as? [String: Any]
                    return object?["code"] is String ? 1 : 0
                }
                objects = parsed.reduce(0, +)
            }
            let writer = try RawProductWriter(database: database, upsert: false)
            try writer.writeInOneTransaction(rows)
            try database.checkpoint()
        }
        guard objects == lines.count else { throw BenchmarkError.setup("a generated line is not an Open Food Facts product") }
        // The parse alone, for scale.
        ScaleLog.write("   baseline: parse \(rate(lines.count, parsing)) records/s, \(String(format: "%.3f", parsing)) s of \(String(format: "%.3f", seconds)) s")
        return seconds
    }

    /// The re-import's baseline: every line fingerprinted on every core (salted as the import stores it), then one
    /// read transaction finding each fingerprint's product (`IN (…)` of 500, one reused statement for full chunks,
    /// on the `products_by_source_fingerprint` index), then `wal_checkpoint(TRUNCATE)`, the work of ours' timed
    /// `close()`.
    private static func fingerprintAndLookUp(_ lines: [Data], path: String) throws -> Double {
        let database = try RawDatabase(path: path, cacheKiB: RawDatabase.writerCacheKiB)
        let chunkSize = 500
        var found = 0
        let seconds = try Stopwatch.timeSync {
            let normalizer = OpenFoodFactsNormalizer()
            let salt = try ImportBenchFeed.fingerprintSalt(normalizer)
            let fingerprints = try ParallelMap.map(lines) { line in
                guard let fingerprint = ImportBenchFeed.storedFingerprint(of: line, normalizer: normalizer, salt: salt) else {
                    throw BenchmarkError.setup("a generated line has no fingerprint")
                }
                return fingerprint
            }
            func lookUp(_ statement: RawStatement, _ chunk: ArraySlice<String>) throws {
                for (offset, fingerprint) in chunk.enumerated() { statement.bind(Int32(offset + 1), fingerprint) }
                while try statement.step() { found += 1 }
                statement.reset()
            }
            func select(_ count: Int) throws -> RawStatement {
                let placeholders = Array(repeating: "?", count: count).joined(separator: ", ")
                return try database.prepare(
                    "SELECT source_fingerprint, product_id FROM products WHERE source_fingerprint IN (\(placeholders))")
            }
            let full = try select(chunkSize)
            try database.execute("BEGIN")
            for start in stride(from: 0, to: fingerprints.count, by: chunkSize) {
                let chunk = fingerprints[start..<min(fingerprints.count, start + chunkSize)]
                try lookUp(chunk.count == chunkSize ? full : try select(chunk.count), chunk)
            }
            try database.execute("COMMIT")
            try database.checkpoint()
        }
        guard found == lines.count else {
            throw BenchmarkError.mismatch(scenario: "import.off-jsonl-unchanged", detail: "baseline found \(found) of \(lines.count) fingerprints")
        }
        return seconds
    }

    static func rate(_ count: Int, _ seconds: Double) -> String {
        seconds > 0 ? String(Int((Double(count) / seconds).rounded())) : "-"
    }
}
