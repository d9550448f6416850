import ArgumentParser
import BenchCharts
import Foundation

/// `server-bench chart`: the server's SVG chart in `docs/performance.md`, drawn from the JSON of a
/// `server-bench --json` run. The same JSON always gives a byte-identical file.
///
/// ```sh
/// swift run -c release --package-path Server --scratch-path Server/.build server-bench --json > run.json
/// swift run -c release --package-path Server --scratch-path Server/.build server-bench chart run.json --output-dir docs/images
/// ```
struct ServerBenchChart: ParsableCommand {
    /// The subcommand's name and help.
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Draws an SVG chart from a `server-bench --json` run: push latency against devices.",
        discussion: """
            Writes server-bench-load-latency.svg from server.load's by_devices figures and prints the path written.
            """)

    /// The run's JSON file.
    @Argument(help: "The JSON a `server-bench --json` run printed.")
    var runFile: String

    /// Where the SVG file goes.
    @Option(help: "The folder the SVG file is written to (created when missing).")
    var outputDir = "docs/images"

    /// Reads the run, writes the chart and prints the file's path.
    ///
    /// - Throws: `ValidationError` when the run has no `by_devices` figures; the reading, decoding or writing error.
    func run() throws {
        guard let chart = try ServerBenchRun.read(runFile).loadLatencyChart else {
            throw ValidationError("\(runFile) has no server.load figures by devices to draw")
        }
        print(try chart.write(named: "server-bench-load-latency.svg", in: URL(fileURLWithPath: outputDir)).path)
    }
}
