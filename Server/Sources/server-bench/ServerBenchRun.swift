import Foundation

/// The part of a `server-bench --json` run that `server-bench chart` draws (``BenchReport/json(_:)`` writes it).
struct ServerBenchRun: Decodable, Sendable {
    /// One scenario: its name and, when it ran at several device counts, its figures at each.
    struct Scenario: Decodable, Sendable {
        let name: String
        let byDevices: [Devices]?

        private enum CodingKeys: String, CodingKey {
            case name, byDevices = "by_devices"
        }
    }

    /// A scenario at one device count: push latency percentiles of ours and of the raw baseline.
    struct Devices: Decodable, Sendable {
        let devices: Int
        let pushP50Milliseconds: Double
        let pushP99Milliseconds: Double
        let rawP50Milliseconds: Double
        let rawP99Milliseconds: Double

        private enum CodingKeys: String, CodingKey {
            case devices
            case pushP50Milliseconds = "push_p50_ms", pushP99Milliseconds = "push_p99_ms"
            case rawP50Milliseconds = "raw_p50_ms", rawP99Milliseconds = "raw_p99_ms"
        }
    }

    /// The scenarios, in run order.
    let scenarios: [Scenario]

    /// Reads the run from the JSON file at `path`.
    ///
    /// - Throws: The file system's error when the file cannot be read, `DecodingError` when it is not a
    ///   `server-bench --json` object.
    static func read(_ path: String) throws -> ServerBenchRun {
        try JSONDecoder().decode(ServerBenchRun.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
