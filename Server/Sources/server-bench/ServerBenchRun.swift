import Foundation

/// The part of a `server-bench --json` run that `server-bench chart` draws (``BenchReport/json(_:)`` writes it).
struct ServerBenchRun: Decodable, Sendable {
    /// One scenario: its name and, when it ran at several device counts, its figures at each.
    struct Scenario: Decodable, Sendable {
        /// The scenario's name (`server.load`, …).
        let name: String
        /// The scenario at each device count, when it ran at several.
        let byDevices: [DeviceFigures]?

        /// The keys ``BenchReport/json(_:)`` writes.
        private enum CodingKeys: String, CodingKey {
            case name, byDevices = "by_devices"
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
