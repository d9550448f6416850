import ArgumentParser
import Foundation

/// `kitbench`: runs every scenario against its baseline in one process and prints the ratios.
///
/// ```sh
/// swift run -c release --package-path Benchmarks kitbench                 # full run, table
/// swift run -c release --package-path Benchmarks kitbench --json          # the same as one JSON object
/// swift run -c release --package-path Benchmarks kitbench --quick          # CI smoke run
/// swift run -c release --package-path Benchmarks kitbench --only sqlite.bulk --repetitions 5
/// swift run -c release --package-path Benchmarks kitbench chart run.json --output-dir docs/images
/// ```
@main
struct KitBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kitbench",
        abstract: "Measures InventoryKit's storage and id paths against hand-written baselines, as ratios.",
        discussion: """
            Each scenario runs its two sides alternately (which side goes first rotates), \
            --repetitions times each, and reports the medians. Progress goes to standard error. \
            The exit status is 0 even when a target is missed (see the pass column); it is non-zero when a \
            scenario fails or its two sides disagree about the result. `kitbench chart` draws a --json run's charts.
            """,
        subcommands: [KitBenchChart.self, KitBenchCodecs.self, KitBenchNormalize.self])

    /// Every scenario, in run order.
    static let scenarios: [Scenario] = [
        // The JSON-file store is built first: its global flushes then find no writeback of earlier scenarios.
        .jsonOpen, .jsonSaveOne,
        .sqliteBulkAdd, .sqliteBulkUpdate, .sqliteFetchAllPages, .sqlitePageDepth, .sqliteAddOne,
        .uuidV5, .syncPush, .syncPushInventory, .queryEvaluator,
        .recordsQueryPage, .recordsQueryDepth, .recordsFillRemote,
        .importOffJSONL, .importOffJSONLUnchanged, .importOffJSONLCores,
        // A catalog of a million products (and of 1k and 100k, for growth), built once, on first use.
        .catalogBarcodeLookup, .catalogTitlePrefixPage, .catalogCategoryPage, .catalogOpenGrowth, .catalogCheckGrowth,
        // Inventory at scale: the 1k / 10k / 100k household journals are booked once, on first use.
        .inventoryOpen, .inventoryOpenGrowth, .inventoryCommand, .inventoryCommandGrowth, .inventoryPull,
    ]

    @Flag(help: "Print the results as one JSON object on standard output instead of a table.")
    var json = false

    @Flag(help: "Scale the data down (about 20x) for a CI smoke run.")
    var quick = false

    @Option(help: ArgumentHelp(
        "Run only the scenarios whose name contains this text (case-insensitive).",
        discussion: "Repeat it to run the scenarios matching any of the texts, in the full run's order."))
    var only: [String] = []

    @Option(help: "Measurements per side; the median is reported.")
    var repetitions = 3

    @Option(help: "The scratch folder for databases and JSON stores (removed at the end; default: a new temporary folder).")
    var workdir: String?

    @Option(help: "Measure only one side (ours or baseline), for profiling; the table then has no ratios to trust.")
    var side: ScenarioRunner.Sides = .both

    @Flag(help: "Keep the scratch folder (the JSON-file stores and database templates) for inspection.")
    var keepWorkdir = false

    @Flag(help: "List the scenarios and exit.")
    var list = false

    @Flag(help: "Print one product's stored JSON, its sync record and outbox entry, with sizes, and exit.")
    var sample = false

    mutating func validate() throws {
        guard repetitions >= 1 else { throw ValidationError("--repetitions must be at least 1") }
        guard side == .both || !json else { throw ValidationError("--json needs both sides (no --side)") }
    }

    func run() throws {
        if list {
            for scenario in Self.scenarios {
                print("\(scenario.name)  (target <= \(scenario.target)x)\n    \(scenario.summary)")
                print("    timed, ours: \(scenario.timed.ours)\n    timed, baseline: \(scenario.timed.baseline)")
            }
            return
        }
        if sample {
            try BenchData.printSample()
            return
        }
        let selected = Self.scenarios.filter { scenario in
            only.isEmpty || only.contains { scenario.name.localizedCaseInsensitiveContains($0) }
        }
        guard !selected.isEmpty else {
            throw ValidationError("no scenario name contains \(only.map { "\"\($0)\"" }.joined(separator: " or "))")
        }

        let configuration: BenchConfiguration = quick ? .quick : .full
        let root = workdir.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("kitbench-\(ProcessInfo.processInfo.processIdentifier)")
        let log: @Sendable (String) -> Void = { line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        let clock = ContinuousClock()
        let start = clock.now
        let fixtures = try BenchFixtures(configuration: configuration, root: root, log: log)
        log("kitbench: \(quick ? "quick" : "full") run, \(repetitions) repetitions, scratch folder \(root.path)")

        let runner = ScenarioRunner(repetitions: repetitions, sides: side, fixtures: fixtures, log: log)
        let outcome = Result {
            try BlockingTask.run {
                let built = try await Stopwatch.time { try await fixtures.prebuild(for: selected) }
                log("== fixtures built in \(Report.formatSeconds(built))")
                var results: [ScenarioResult] = []
                for (index, scenario) in selected.enumerated() {
                    results.append(try await runner.run(scenario, index: index))
                }
                await fixtures.closeParkedStores()
                return results
            }
        }
        if !keepWorkdir { fixtures.removeAll() }
        log("kitbench: finished in \(Report.formatSeconds(Stopwatch.seconds(start.duration(to: clock.now)))) "
            + "(scratch folder \(keepWorkdir ? "kept" : "removed"))")
        let results = try outcome.get()
        print(json ? try Report.json(results) : Report.table(results))
    }
}
