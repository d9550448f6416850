import Foundation
import InventoryKit
import ProductImport
import ProductModule

// MARK: - How the first import scales with cores

extension Scenario {
    /// The first import of `import.off-jsonl`'s feed, three times as long (``ImportBenchFeed/coresRecordCount(_:)``),
    /// on every core of the machine, against the same import with the whole process confined to one core
    /// (``CoreLimit``): the ratio is the time on all cores over the time on one, so a target of ≤ 0.59× asks the
    /// import on two cores for at least 1.7 times the records a second of one core.
    static let importOffJSONLCores = Scenario(
        name: "import.off-jsonl-cores",
        summary: "the first import of 3N Open Food Facts-shaped records on every core vs the same import confined to one core (ratio = time on all / time on one)",
        target: 0.59,
        timed: Timed(
            ours: "ImportService.importRecords of every line + storage.close(), the process on every core of the machine",
            baseline: "the same, every thread of the process confined to core 0 (sched_setaffinity) for the measurement")
    ) { fixtures in
        // Without Linux's affinity call or a second core there is nothing to compare: both sides then run alike
        // (a ratio near 1×, a MISS the log explains) rather than failing the whole run.
        let canConfine = CoreLimit.isSupported && CoreLimit.machineCores >= 2
        if !canConfine {
            ScaleLog.write("   import.off-jsonl-cores: cannot confine the process to one core here; both sides use every core")
        }
        let count = ImportBenchFeed.coresRecordCount(fixtures.configuration)
        let lines = try await ImportBenchFeed.shared.lines(count: count, log: ScaleLog.write)
        let template = try await fixtures.emptyTemplate()
        let counts = RowCounts()
        @Sendable func measure(cores: Int, side: Side) async throws -> Double {
            let path = try await fixtures.copy(template, as: "import-cores-\(cores).sqlite")
            let confined = canConfine && cores < CoreLimit.machineCores
            if confined { try CoreLimit.confine(toCores: cores) }
            let measured: (Double, ImportReport<ProductID>)
            do {
                measured = try await importFeed(lines, into: path)
                if confined { try CoreLimit.restore() }
            } catch {
                if confined { try? CoreLimit.restore() }
                throw error
            }
            let (seconds, report) = measured
            guard report.created.count == count, report.rejected.isEmpty else {
                throw BenchmarkError.mismatch(scenario: "import.off-jsonl-cores", detail: "\(cores) cores: \(report)")
            }
            ScaleLog.write("   import.off-jsonl-cores: \(cores) of \(CoreLimit.machineCores) cores, \(rate(count, seconds)) records/s")
            await counts.record(try RawDatabase(path: path).count("products"), side: side)
            fixtures.removeDatabase(path)
            return seconds
        }
        return ScenarioRun(
            ours: { try await measure(cores: CoreLimit.machineCores, side: .ours) },
            baseline: { try await measure(cores: 1, side: .baseline) },
            // No `records`: its baseline is the kit on one core, not a floor, so the import-rate chart leaves it out
            // (the rates of both sides are in the progress log).
            verify: { try await counts.verify("import.off-jsonl-cores", expected: count) })
    }
}
