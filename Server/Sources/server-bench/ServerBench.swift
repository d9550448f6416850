import ArgumentParser
import Foundation
import Logging
import PostgresNIO
import SyncServer
import ThrowawayPostgres

/// `server-bench`: the sync server against raw PostgreSQL in one run, on a throwaway cluster and a loopback port.
///
/// Bounded in count (`--quick` shrinks it) and in time (`--time-limit`); it starts and stops everything it uses.
@main
struct ServerBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server-bench",
        abstract: "Measures the sync server against raw PostgreSQL on a throwaway cluster (loopback only).",
        subcommands: [RollingLoad.self, ServerBenchChart.self]
    )

    @Flag(help: "Smaller counts, one repetition: a smoke run for CI; its ratios are not meaningful.")
    var quick = false

    @Flag(help: "Print the results as one JSON object on standard output (progress goes to standard error).")
    var json = false

    @Option(help: "Run only the scenario of this name, or else those whose name contains this text.")
    var only: String?

    @Option(help: "Measurements per side (default 3; 1 with --quick).")
    var repetitions: Int?

    @Option(help: "Give up (non-zero exit) after this many seconds.")
    var timeLimit = 900

    mutating func validate() throws {
        guard (repetitions ?? 1) >= 1, (repetitions ?? 1) <= 20 else {
            throw ValidationError("--repetitions must be from 1 to 20.")
        }
        guard timeLimit >= 10, timeLimit <= 3_600 else { throw ValidationError("--time-limit must be 10…3600 s.") }
        guard PostgresCluster.isAvailable else {
            throw ValidationError("PostgreSQL 15 binaries not found in \(PostgresCluster.binDirectory) (POSTGRES_BIN).")
        }
    }

    func run() async throws {
        let sizes = quick ? BenchSizes.quick : BenchSizes.full
        let repetitions = self.repetitions ?? (quick ? 1 : 3)
        let scenarios = BenchScenario.all.filter { scenario in
            guard let only else { return true }
            return BenchScenario.all.contains { $0.name == only } ? scenario.name == only : scenario.name.contains(only)
        }
        let deadline = ContinuousClock.now + .seconds(timeLimit)
        let started = ContinuousClock.now
        BenchLog.line("server-bench: \(quick ? "quick" : "full") run, \(repetitions) repetition(s), \(sizes)")

        let results = try await withThrowingTaskGroup(of: [ScenarioResult].self) { group in
            group.addTask {
                try await BenchEnvironment.with(sizes: sizes) { environment in
                    var results: [ScenarioResult] = []
                    for (index, scenario) in scenarios.enumerated() {
                        BenchLog.line("== \(scenario.name)")
                        results.append(try await scenario.run(environment, repetitions, index))
                    }
                    return results
                }
            }
            group.addTask {
                try await Task.sleep(until: deadline)
                throw BenchFailure("time limit of \(timeLimit) s reached")
            }
            defer { group.cancelAll() }
            return try await group.next() ?? []
        }
        BenchLog.line("server-bench: finished in \(BenchReport.formatSeconds((ContinuousClock.now - started).seconds))")
        print(json ? try BenchReport.json(results) : BenchReport.table(results))
    }
}
