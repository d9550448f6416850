/// A measured scenario: ours against a baseline, `repetitions` times each, alternating which side goes first.
struct BenchScenario: Sendable {
    let name: String
    /// What each side does, for `--help`-like listings and the docs.
    let summary: String
    let run: @Sendable (_ environment: BenchEnvironment, _ repetitions: Int, _ index: Int) async throws -> ScenarioResult

    /// Every scenario, in running order.
    static let all: [BenchScenario] = [
        .push10k, .load, .loadHouseholds, .bootstrap, .lateArrival, .webStock, .webPurchase, .grocyStock, .observation,
    ]
}
