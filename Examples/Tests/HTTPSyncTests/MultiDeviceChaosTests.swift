import Foundation
import Testing

/// The multi-device end-to-end proof under faults: per seed, four `pantry` devices edit offline (products, stock,
/// categories under different spellings) and sync in random orders while the server is SIGKILLed mid-push and one
/// device is SIGKILLed mid-sync; they must end identical with every operation applied exactly once
/// (``ChaosScenario``).
///
/// A normal run takes seeds 1…8, a long one (``PropertyRunSize``) 1…20. Of the bugs it found, a
/// bearer token read as an option and a correction booked into the wrong location have deterministic tests now; a
/// request hung by the server's connection watch needed only load, which every seed's requests give. `CHAOS_SEEDS=N`
/// runs seeds 1…N,
/// `CHAOS_SEED=S` replays one seed, `CHAOS_STEPS` sets the steps per seed (default 40), `CHAOS_LOG=1` prints each
/// seed's steps. Kill timings are wall-clock, so a seed replays its edits exactly but not always where the kills land.
@Suite(
    "MultiDeviceChaos: pantry devices converge through server and device crashes", .serialized,
    .enabled(if: SyncServerFixture.postgresInstalled, SyncServerFixture.skipReason))
struct MultiDeviceChaosTests {
    static var seeds: [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["CHAOS_SEED"].flatMap({ UInt64($0) }) { return [seed] }
        let count = environment["CHAOS_SEEDS"].flatMap { Int($0) } ?? PropertyRunSize.seeds(normal: 8, long: 20)
        return (1...max(1, UInt64(count))).map { $0 }
    }

    static var steps: Int {
        ProcessInfo.processInfo.environment["CHAOS_STEPS"].flatMap { Int($0) }.map { max(8, $0) } ?? 40
    }

    @Test("four devices end identical, each operation applied once, through a server SIGKILL and a device SIGKILL")
    func devicesConvergeThroughCrashes() async throws {
        // A server of its own: this test kills it, which would break the other tests' shared server.
        let server = try SyncServerFixture.dedicated()
        defer { server.stop() }
        for seed in Self.seeds {
            let start = Date()
            let scenario = try ChaosScenario(seed: seed, server: server)
            defer { scenario.removeFolders() }
            try scenario.run(steps: Self.steps)
            try await scenario.verify()
            if ProcessInfo.processInfo.environment["CHAOS_LOG"] != nil { print(scenario.log.joined(separator: "\n")) }
            let seconds = Date().timeIntervalSince(start)
            let tally = scenario.tally.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.done)/\($0.value.done + $0.value.refused)" }
            print(
                "chaos seed \(seed): \(String(format: "%.1f", seconds)) s; server kill mid-sync \(scenario.serverKillLanded) "
                    + "(the cut sync: \(scenario.serverKillOutcome)); device kill mid-sync \(scenario.deviceKillLanded); "
                    + "done/tried: \(tally.joined(separator: ", "))")
        }
    }
}
