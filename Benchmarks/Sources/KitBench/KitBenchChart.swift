import ArgumentParser
import BenchCharts
import Foundation

/// `kitbench chart`: the SVG charts of `docs/performance.md`, drawn from the JSON of a `kitbench --json` run. The
/// same JSON always gives byte-identical files.
///
/// ```sh
/// Benchmarks/.build/release/kitbench --json > run.json
/// Benchmarks/.build/release/kitbench chart run.json --output-dir docs/images
/// ```
struct KitBenchChart: ParsableCommand {
    /// The subcommand's name and help.
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Draws SVG charts from a `kitbench --json` run: inventory cost against history size, import rate.",
        discussion: """
            Writes kitbench-history-size.svg (the scenarios with by_size figures: inventory.*) and \
            kitbench-import-rate.svg (the scenarios with a record count: import.*), each when the run has its \
            scenarios, and prints the paths written.
            """)

    /// The run's JSON file.
    @Argument(help: "The JSON a `kitbench --json` run printed.")
    var runFile: String

    /// Where the SVG files go.
    @Option(help: "The folder the SVG files are written to (created when missing).")
    var outputDir = "docs/images"

    /// Reads the run, writes each chart it has figures for and prints each file's path.
    ///
    /// - Throws: `ValidationError` when the run has no scenario to draw; the reading, decoding or writing error.
    func run() throws {
        let run = try KitBenchRun.read(runFile)
        let charts = [
            ("kitbench-history-size.svg", run.historySizeChart), ("kitbench-import-rate.svg", run.importRateChart),
        ].compactMap { name, chart in chart.map { (name, $0) } }
        guard !charts.isEmpty else {
            throw ValidationError("\(runFile) has no inventory.* or import.* scenario to draw")
        }
        let folder = URL(fileURLWithPath: outputDir)
        for (name, chart) in charts {
            print(try chart.write(named: name, in: folder).path)
        }
    }
}
