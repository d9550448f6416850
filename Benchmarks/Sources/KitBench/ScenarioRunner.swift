import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs scenarios one after the other in one process: each side `repetitions` times, alternating which side goes
/// first, and reports the medians.
struct ScenarioRunner: Sendable {
    /// Which sides to measure: both, or one alone (to profile it; the other side's column then reads 0).
    enum Sides: String, CaseIterable, ExpressibleByArgument, Sendable {
        case both, ours, baseline
    }

    let repetitions: Int
    let sides: Sides
    let fixtures: BenchFixtures
    /// Progress lines go to standard error, so `--json` output stays one JSON object on standard output.
    let log: @Sendable (String) -> Void

    /// Runs one scenario.
    ///
    /// Measurement `r` runs ours first when `r + index` is even and the baseline first otherwise, so neither side
    /// always inherits a warm (or a dirty) cache from the other; the scenario's `index` keeps the very first
    /// measurement of the run from always being ours.
    func run(_ scenario: Scenario, index: Int) async throws -> ScenarioResult {
        log("== \(scenario.name): preparing")
        let clock = ContinuousClock()
        let start = clock.now
        let run = try await scenario.prepare(fixtures)
        log("   prepared in \(Report.formatSeconds(Stopwatch.seconds(start.duration(to: clock.now))))")
        var ours: [Double] = []
        var baseline: [Double] = []
        let oursSelected = sides != .baseline
        let baselineSelected = sides != .ours
        // Before every measurement, dirty pages of earlier work (database copies, checkpoints, the other side's
        // files) are written to disk, so their writeback never lands inside the next measurement.
        func measureOurs() async throws -> Double {
            guard oursSelected else { return 0 }
            settle()
            return try await run.ours()
        }
        func measureBaseline() async throws -> Double {
            guard baselineSelected else { return 0 }
            settle()
            return try await run.baseline()
        }
        for repetition in 0..<repetitions {
            if (repetition + index) % 2 == 0 {
                ours.append(try await measureOurs())
                baseline.append(try await measureBaseline())
            } else {
                baseline.append(try await measureBaseline())
                ours.append(try await measureOurs())
            }
            log("   #\(repetition + 1): ours \(Report.formatSeconds(ours.last ?? 0)), baseline \(Report.formatSeconds(baseline.last ?? 0))")
        }
        if sides == .both { try await run.verify() }
        try await run.finish()
        let measured = ours.reduce(0, +) + baseline.reduce(0, +)
        log("   \(Report.formatSeconds(Stopwatch.seconds(start.duration(to: clock.now)))) in all, "
            + "\(Report.formatSeconds(measured)) measured")
        return ScenarioResult(
            name: scenario.name, oursSeconds: Self.median(ours), baselineSeconds: Self.median(baseline),
            target: scenario.target, timed: scenario.timed, records: run.records, bySize: run.bySize)
    }

    /// Flushes every dirty page to disk (`sync(2)`).
    private func settle() {
        sync()
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
