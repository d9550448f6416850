/// One comparison of the table: a path of the kit ("ours") against a baseline doing the same work, and the
/// largest acceptable ratio ours / baseline.
///
/// ``prepare`` builds what both sides share (untimed) and returns the two sides; each side prepares its own
/// per-measurement state (a fresh database copy, an open connection), times only its work with ``Stopwatch``,
/// and cleans up.
struct Scenario: Sendable {
    /// The name shown in the table and matched by `--only`.
    let name: String
    /// One line on what is compared, for `--list`.
    let summary: String
    /// The largest acceptable ratio ours / baseline.
    let target: Double
    /// What each side's stopwatch covers, for `--list` and the report.
    let timed: Timed
    /// Builds the shared fixtures and returns the two sides.
    let prepare: @Sendable (BenchFixtures) async throws -> ScenarioRun
}

/// What one measurement of each side of a scenario includes: the work inside the stopwatch, and what is done
/// outside it when that matters (opening, closing, caches, syncs).
struct Timed: Sendable {
    let ours: String
    let baseline: String
}

/// The two sides of a prepared scenario.
struct ScenarioRun: Sendable {
    /// One measurement of the kit's path, in seconds.
    let ours: @Sendable () async throws -> Double
    /// One measurement of the baseline, in seconds.
    let baseline: @Sendable () async throws -> Double
    /// Checks, after the measurements, that both sides produced the same result; throws
    /// ``BenchmarkError/mismatch(scenario:detail:)`` otherwise.
    var verify: @Sendable () async throws -> Void = {}
    /// Releases what ``Scenario/prepare`` built (open stores, files).
    var finish: @Sendable () async throws -> Void = {}
    /// The records each side handles in one measurement, for scenarios whose target is a rate (the imports).
    var records: Int? = nil
    /// The kit's path and its floor at every journal size of the run, measured while preparing (the inventory
    /// scale scenarios), for the chart of cost against history size.
    var bySize: [SizeCost] = []
}

/// The kit's path and its floor at one journal size: medians of ``InventoryScaleCosts/measure(_:_:kit:floor:)``,
/// read back from the JSON by `kitbench chart`.
struct SizeCost: Sendable, Equatable, Decodable {
    /// The household's journal entries.
    let entries: Int
    /// The kit's path, in seconds.
    let kitSeconds: Double
    /// The floor (the scenario's baseline at this size), in seconds.
    let floorSeconds: Double

    /// The keys of `by_size` in ``Report/json(_:)``.
    private enum CodingKeys: String, CodingKey {
        case entries, kitSeconds = "kit_s", floorSeconds = "floor_s"
    }
}

/// The medians of one scenario.
struct ScenarioResult: Sendable {
    let name: String
    let oursSeconds: Double
    let baselineSeconds: Double
    let target: Double
    let timed: Timed
    /// ``ScenarioRun/records``.
    let records: Int?
    /// ``ScenarioRun/bySize``.
    let bySize: [SizeCost]

    var ratio: Double { oursSeconds / baselineSeconds }
    var pass: Bool { ratio <= target }
}
