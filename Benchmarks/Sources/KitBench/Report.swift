import Foundation

/// The run's results as a text table or as one JSON object.
enum Report {
    /// The results as an aligned table (scenario, ours, baseline, ratio, target, pass), then what each side's time
    /// includes, scenario by scenario.
    static func table(_ results: [ScenarioResult]) -> String {
        let header = ["scenario", "ours", "baseline", "ratio", "target", "pass"]
        let rows = results.map { result in
            // With --side, one column holds zeros: no ratio to show.
            let measuredBoth = result.oursSeconds > 0 && result.baselineSeconds > 0
            return [
                result.name, formatSeconds(result.oursSeconds), formatSeconds(result.baselineSeconds),
                measuredBoth ? String(format: "%.2fx", result.ratio) : "-", String(format: "<= %.2fx", result.target),
                measuredBoth ? (result.pass ? "yes" : "MISS") : "-",
            ]
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                // Text left-aligned, numbers right-aligned.
                return column == 0 || column == 5 ? cell + padding : padding + cell
            }.joined(separator: " | ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "-|-")
        let timed = results.map { result in
            "\(result.name)\n  ours:     \(result.timed.ours)\n  baseline: \(result.timed.baseline)"
        }
        return ([line(header), rule] + rows.map(line) + ["", "timed:"] + timed).joined(separator: "\n")
    }

    /// The results as one JSON object, keys in the documented order:
    /// `{"scenarios": [{"name": …, "ours_s": …, "baseline_s": …, "ratio": …, "target": …, "pass": …,
    /// "ours_timed": …, "baseline_timed": …}]}`, plus `"records": N` for a scenario with a rate and
    /// `"by_size": [{"entries": …, "kit_s": …, "floor_s": …}]` for one measured at every journal size.
    static func json(_ results: [ScenarioResult]) throws -> String {
        func quoted(_ text: String) throws -> String {
            String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
        }
        let scenarios = try results.map { result in
            let records = result.records.map { ", \"records\": \($0)" } ?? ""
            let sizes = result.bySize.map { "{\"entries\": \($0.entries), \"kit_s\": \($0.kitSeconds), \"floor_s\": \($0.floorSeconds)}" }
            let bySize = sizes.isEmpty ? "" : ", \"by_size\": [" + sizes.joined(separator: ", ") + "]"
            return "{\"name\": \(try quoted(result.name)), \"ours_s\": \(result.oursSeconds), \"baseline_s\": \(result.baselineSeconds), "
                + "\"ratio\": \(result.ratio), \"target\": \(result.target), \"pass\": \(result.pass), "
                + "\"ours_timed\": \(try quoted(result.timed.ours)), \"baseline_timed\": \(try quoted(result.timed.baseline))"
                + records + bySize + "}"
        }
        return "{\"scenarios\": [" + scenarios.joined(separator: ", ") + "]}"
    }

    /// A duration for people: seconds, milliseconds or microseconds with three or four significant digits.
    static func formatSeconds(_ seconds: Double) -> String {
        switch seconds {
        case 1...: String(format: "%.3f s", seconds)
        case 0.001...: String(format: "%.2f ms", seconds * 1_000)
        default: String(format: "%.1f us", seconds * 1_000_000)
        }
    }
}
