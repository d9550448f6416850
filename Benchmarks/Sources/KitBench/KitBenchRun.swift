import Foundation

/// The part of a `kitbench --json` run that `kitbench chart` draws (``Report/json(_:)`` writes it).
struct KitBenchRun: Decodable, Sendable {
    /// One scenario's medians and, where it has them, its record count and its costs at every journal size.
    struct Scenario: Decodable, Sendable {
        /// The scenario's name (`inventory.open`, …).
        let name: String
        /// The median of ours, in seconds.
        let oursSeconds: Double
        /// The median of the baseline, in seconds.
        let baselineSeconds: Double
        /// The records each side handles in one measurement (the import scenarios).
        let records: Int?
        /// The kit's path and its floor at every journal size (the inventory scale scenarios).
        let bySize: [SizeCost]?

        /// The keys ``Report/json(_:)`` writes.
        private enum CodingKeys: String, CodingKey {
            case name, records
            case oursSeconds = "ours_s", baselineSeconds = "baseline_s", bySize = "by_size"
        }
    }

    /// The scenarios, in run order.
    let scenarios: [Scenario]

    /// Reads the run from the JSON file at `path`.
    ///
    /// - Throws: The file system's error when the file cannot be read, `DecodingError` when it is not a
    ///   `kitbench --json` object.
    static func read(_ path: String) throws -> KitBenchRun {
        try JSONDecoder().decode(KitBenchRun.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
