import Foundation
import SyncServer

extension BenchScenario {
    /// `server.push-10k`: one push of N journal operations through the HTTP API, against raw PostgreSQL
    /// inserting the same N rows into `changes` in one transaction.
    static let push10k = BenchScenario(
        name: "server.push-10k",
        summary: "one HTTP push of N journal operations (auth, validation, the kit's decoding and rules, duplicate "
            + "check, the log) vs one transaction inserting the same N rows into changes"
    ) { environment, repetitions, index in
        let count = environment.sizes.bigPush
        // Warm-up, unmeasured: the first push pays for connections and lazily built state.
        _ = try await measureOurs(environment, count: min(count, 1_000), label: "warm-up")
        var ours: [Double] = []
        var baseline: [Double] = []
        for repetition in 1...repetitions {
            let oursFirst = (repetition + index) % 2 == 0
            var pair: (ours: Double, baseline: Double, fingerprints: (String, String)) = (0, 0, ("", ""))
            let (household, tokens) = try await environment.household("push-\(repetition)", devices: 1)
            let (rawHousehold, _) = try await environment.household("raw-\(repetition)", devices: 0)
            let workload = try BenchWorkload.journal(of: household, count: count)
            let body = try workload.bodies(batch: count)[0]
            let connection = try await environment.connect(household, token: tokens[0])
            for side in oursFirst ? [true, false] : [false, true] {
                let started = ContinuousClock.now
                if side {
                    let seqs = try await connection.push(body, expecting: count)
                    pair.ours = (ContinuousClock.now - started).seconds
                    guard seqs == Array(1...Int64(count)) else { throw BenchFailure("push-10k: seqs not 1…\(count)") }
                } else {
                    try await RawChanges.insertAll(workload.rows, of: rawHousehold, client: environment.client)
                    pair.baseline = (ContinuousClock.now - started).seconds
                }
            }
            try await connection.close()
            let oursPrint = try await environment.fingerprint(of: household, bySeq: true)
            let rawPrint = try await environment.fingerprint(of: rawHousehold, bySeq: true)
            guard oursPrint == rawPrint else {
                throw BenchFailure("push-10k: the sides disagree: ours \(oursPrint), raw \(rawPrint)")
            }
            BenchLog.line(
                "   #\(repetition): ours \(BenchReport.formatSeconds(pair.ours)), "
                    + "baseline \(BenchReport.formatSeconds(pair.baseline)) (\(oursPrint))")
            ours.append(pair.ours)
            baseline.append(pair.baseline)
        }
        let median = BenchReport.median(ours)
        return ScenarioResult(
            name: "server.push-10k", oursSeconds: median, baselineSeconds: BenchReport.median(baseline), target: 3,
            metrics: [("operations", Double(count)), ("ops_per_s", (Double(count) / median).rounded())])
    }

    /// One unrecorded push of `count` operations into a household of its own.
    private static func measureOurs(_ environment: BenchEnvironment, count: Int, label: String) async throws -> Double {
        let (household, tokens) = try await environment.household(label, devices: 1)
        let body = try BenchWorkload.journal(of: household, count: count).bodies(batch: count)[0]
        let connection = try await environment.connect(household, token: tokens[0])
        let started = ContinuousClock.now
        _ = try await connection.push(body, expecting: count)
        let seconds = (ContinuousClock.now - started).seconds
        try await connection.close()
        BenchLog.line("   \(label): \(count) operations in \(BenchReport.formatSeconds(seconds))")
        return seconds
    }
}
