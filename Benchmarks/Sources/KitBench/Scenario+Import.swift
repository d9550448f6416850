import Foundation
import InventoryKit
import ProductImport
import ProductModule
import SQLiteStorage

// MARK: - Import at catalog scale (ImportService + ProductModuleService on SQLiteProductStore)

extension Scenario {
    /// The first import of the Open Food Facts-shaped feed into a new SQLite store through `ImportService`,
    /// against the least an import must do: parse every line (`JSONSerialization`) and insert the normalized
    /// rows (products, sync records, outbox entries) through the C API in one transaction.
    static let importOffJSONL = Scenario(
        name: "import.off-jsonl",
        summary: "ImportService of N Open Food Facts-shaped JSONL records into a new SQLite store vs JSONSerialization parse + C API insert of the rows",
        target: 3.0
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
                ScaleLog.write("   import.off-jsonl: \(rate(count, seconds)) records/s (target >= 20,000)")
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
            verify: { try await counts.verify("import.off-jsonl", expected: count) })
    }

    /// Re-importing the same feed into the store its first import wrote (nothing changes), against the same
    /// baseline as ``importOffJSONL``.
    static let importOffJSONLUnchanged = Scenario(
        name: "import.off-jsonl-unchanged",
        summary: "ImportService re-import of the same N records (all unchanged) vs JSONSerialization parse + C API insert of the rows",
        target: 1.0
    ) { fixtures in
        let count = ImportBenchFeed.recordCount(fixtures.configuration)
        let (lines, rows) = try await ImportBenchFeed.shared.feed(count: count, log: ScaleLog.write)
        // The store after a first import, built once (untimed), its WAL folded in.
        let imported = try await fixtures.copy(fixtures.emptyTemplate(), as: "import-template.sqlite")
        _ = try await importFeed(lines, into: imported)
        try BenchFixtures.checkpoint(imported)
        let template = try await fixtures.emptyTemplate()
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
                let path = try await fixtures.copy(template, as: "reimport-baseline.sqlite")
                let seconds = try parseAndInsert(lines, rows, path: path)
                await counts.record(try RawDatabase(path: path).count("products"), side: .baseline)
                fixtures.removeDatabase(path)
                return seconds
            },
            verify: { try await counts.verify("import.off-jsonl-unchanged", expected: count) },
            finish: { fixtures.removeDatabase(imported) })
    }

    /// Opens the store (untimed), times `ImportService.importRecords` of every line and closing the store.
    private static func importFeed(_ lines: [Data], into path: String) async throws -> (Double, ImportReport<ProductID>) {
        let storage = try SQLiteStorage(path: path)
        let catalog = ProductModuleService(
            store: SQLiteProductStore(storage: storage), replicaID: BenchData.replica, clock: .constant(BenchData.now))
        let importer = ImportService(products: catalog, clock: .constant(BenchData.now))
        var report: ImportReport<ProductID>?
        let cpuBefore = ProcessCPU.seconds
        // Closing is timed: it folds the write-ahead log into the database, work the import leaves behind.
        let seconds = try await Stopwatch.time {
            report = try await importer.importRecords(lines, from: OpenFoodFactsNormalizer())
            try storage.close()
        }
        let cpu = ProcessCPU.seconds - cpuBefore
        guard let report else { throw BenchmarkError.setup("the import returned no report") }
        if !lines.isEmpty {
            ScaleLog.write("   import: \(Int((cpu * 1e6 / Double(lines.count)).rounded())) µs of CPU a record")
        }
        return (seconds, report)
    }

    /// The baseline: every line parsed by `JSONSerialization`, then the rows written through the C API in one
    /// transaction (statements prepared inside the timing, the database opened before it).
    private static func parseAndInsert(_ lines: [Data], _ rows: ProductLocalTransaction, path: String) throws -> Double {
        let database = try RawDatabase(path: path)
        var objects = 0
        var parsing = 0.0
        let seconds = try Stopwatch.timeSync {
            parsing = try Stopwatch.timeSync {
                for line in lines where try JSONSerialization.jsonObject(with: line) is [String: Any] { objects += 1 }
            }
            let writer = try RawProductWriter(database: database, upsert: false)
            try writer.writeInOneTransaction(rows)
        }
        guard objects == lines.count else { throw BenchmarkError.setup("a generated line is not a JSON object") }
        // The parse alone, for scale: it bounds what any import reading these lines through Foundation can reach.
        ScaleLog.write("   baseline: JSONSerialization parse \(rate(lines.count, parsing)) records/s, \(String(format: "%.3f", parsing)) s of \(String(format: "%.3f", seconds)) s")
        return seconds
    }

    private static func rate(_ count: Int, _ seconds: Double) -> String {
        seconds > 0 ? String(Int((Double(count) / seconds).rounded())) : "-"
    }
}
