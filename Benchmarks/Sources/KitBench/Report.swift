import Foundation

/// The run's results as a text table or as one JSON object.
enum Report {
    /// The results as an aligned table: scenario, ours, baseline, ratio, target, pass.
    static func table(_ results: [ScenarioResult]) -> String {
        let header = ["scenario", "ours", "baseline", "ratio", "target", "pass"]
        let rows = results.map { result in
            [
                result.name, formatSeconds(result.oursSeconds), formatSeconds(result.baselineSeconds),
                String(format: "%.2fx", result.ratio), String(format: "<= %.2fx", result.target),
                result.pass ? "yes" : "MISS",
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
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }

    /// The results as `{"scenarios": [{"name": …, "ours_s": …, "baseline_s": …, "ratio": …, "target": …, "pass": …}]}`.
    static func json(_ results: [ScenarioResult]) throws -> String {
        struct Document: Encodable { let scenarios: [ScenarioResult] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Document(scenarios: results)), as: UTF8.self)
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
