import Foundation

/// One scenario's verdict, kitbench-style: the median of each side, their ratio and the target; plus the
/// scenario's own figures (throughput, latencies).
struct ScenarioResult: Sendable {
    let name: String
    let oursSeconds: Double
    let baselineSeconds: Double
    let target: Double
    /// A bound on ours' 99th percentile that must hold as well as the ratio (`server.web-purchase`), if any.
    var p99LimitSeconds: Double? = nil
    /// Ours' 99th percentile, where a limit applies.
    var p99Seconds: Double? = nil
    /// Extra figures, in the order they are printed.
    let metrics: [(name: String, value: Double)]
    /// The scenario at every device count it ran with, fewest devices first (`server.load`).
    var byDevices: [DeviceFigures] = []

    var ratio: Double { baselineSeconds > 0 ? oursSeconds / baselineSeconds : 0 }
    var pass: Bool {
        guard ratio <= target else { return false }
        guard let limit = p99LimitSeconds else { return true }
        return (p99Seconds ?? .infinity) <= limit
    }
}

/// A load scenario at one device count: the medians of its wall time and the percentiles of every push's latency
/// (ours: the HTTP push until its answer is read; raw: the baseline's transaction), over all repetitions; read back
/// from the JSON by `server-bench chart`.
struct DeviceFigures: Sendable, Equatable, Decodable {
    /// Devices pushing at once.
    let devices: Int
    /// Ours until the last push is answered, median, in seconds.
    let oursSeconds: Double
    /// The raw side's wall time, median, in seconds.
    let baselineSeconds: Double
    /// The median push latency, in milliseconds.
    let pushP50Milliseconds: Double
    /// The 99th percentile push latency, in milliseconds.
    let pushP99Milliseconds: Double
    /// The median raw transaction latency, in milliseconds.
    let rawP50Milliseconds: Double
    /// The 99th percentile raw transaction latency, in milliseconds.
    let rawP99Milliseconds: Double

    /// The keys of `by_devices` in ``BenchReport/json(_:)``.
    private enum CodingKeys: String, CodingKey {
        case devices, oursSeconds = "ours_s", baselineSeconds = "baseline_s"
        case pushP50Milliseconds = "push_p50_ms", pushP99Milliseconds = "push_p99_ms"
        case rawP50Milliseconds = "raw_p50_ms", rawP99Milliseconds = "raw_p99_ms"
    }
}

/// The run's results as a text table or as one JSON object.
enum BenchReport {
    /// An aligned table: scenario, ours, baseline, ratio, target, pass; then each scenario's figures.
    static func table(_ results: [ScenarioResult]) -> String {
        let header = ["scenario", "ours", "baseline", "ratio", "target", "pass"]
        let rows = results.map { result in
            [
                result.name, formatSeconds(result.oursSeconds), formatSeconds(result.baselineSeconds),
                String(format: "%.2fx", result.ratio), String(format: "<= %.2fx", result.target),
                result.pass ? "yes" : "MISS",
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 || column == 5 ? cell + padding : padding + cell
            }.joined(separator: " | ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "-|-")
        let figures = results.filter { !$0.metrics.isEmpty }.map { result in
            result.name + ": " + result.metrics.map { "\($0.name) \(formatNumber($0.value))" }.joined(separator: ", ")
        }
        return ([line(header), rule] + rows.map(line) + [""] + figures).joined(separator: "\n")
    }

    /// `{"scenarios": [{"name", "ours_s", "baseline_s", "ratio", "target", "pass", "metrics": {…}}]}`, and for a
    /// scenario run at several device counts `"by_devices": [{"devices", "ours_s", "baseline_s", "push_p50_ms",
    /// "push_p99_ms", "raw_p50_ms", "raw_p99_ms"}]`.
    static func json(_ results: [ScenarioResult]) throws -> String {
        let scenarios = try results.map { result in
            let name = String(decoding: try JSONEncoder().encode(result.name), as: UTF8.self)
            let metrics = result.metrics.map { "\"\($0.name)\": \($0.value)" }.joined(separator: ", ")
            let devices = result.byDevices.map { figures in
                "{\"devices\": \(figures.devices), \"ours_s\": \(figures.oursSeconds), \"baseline_s\": \(figures.baselineSeconds), "
                    + "\"push_p50_ms\": \(figures.pushP50Milliseconds), \"push_p99_ms\": \(figures.pushP99Milliseconds), "
                    + "\"raw_p50_ms\": \(figures.rawP50Milliseconds), \"raw_p99_ms\": \(figures.rawP99Milliseconds)}"
            }
            let byDevices = devices.isEmpty ? "" : ", \"by_devices\": [" + devices.joined(separator: ", ") + "]"
            return "{\"name\": \(name), \"ours_s\": \(result.oursSeconds), \"baseline_s\": \(result.baselineSeconds), "
                + "\"ratio\": \(result.ratio), \"target\": \(result.target), \"pass\": \(result.pass), "
                + "\"metrics\": {\(metrics)}\(byDevices)}"
        }
        return "{\"scenarios\": [" + scenarios.joined(separator: ", ") + "]}"
    }

    /// A duration for people: seconds, milliseconds or microseconds.
    static func formatSeconds(_ seconds: Double) -> String {
        switch seconds {
        case 1...: String(format: "%.3f s", seconds)
        case 0.001...: String(format: "%.2f ms", seconds * 1_000)
        default: String(format: "%.1f us", seconds * 1_000_000)
        }
    }

    /// A figure: whole numbers as they are, others with two decimals.
    static func formatNumber(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.2f", value)
    }

    /// The median of some measurements.
    static func median(_ values: [Double]) -> Double {
        percentile(values, 0.5)
    }

    /// The nearest-rank percentile (`fraction` in 0…1) of some measurements; 0 for none.
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
