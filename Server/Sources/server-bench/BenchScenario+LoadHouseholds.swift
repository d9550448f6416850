import Foundation
import NIOCore
import SyncServer

extension BenchScenario {
    /// `server.load-households`: H households × D devices, each device pushing M journal operations in pushes of
    /// B, every device at once — through one server instance, then through two (a household's devices on one of
    /// them, households alternating) — against raw PostgreSQL running the same transactions (counter lock and
    /// multi-row insert) from one task per device.
    static let loadHouseholds = BenchScenario(
        name: "server.load-households",
        summary: "H households × D devices × M operations pushed in batches of B at once through one server "
            + "instance, and through two, vs the same transactions from one raw task per device"
    ) { environment, repetitions, index in
        let sizes = environment.sizes
        let perHousehold = sizes.householdDevices * sizes.householdOperations
        var one: [Double] = []
        var two: [Double] = []
        var baseline: [Double] = []
        var latencies: (one: [Double], two: [Double]) = ([], [])
        for repetition in 1...repetitions {
            let households = try await (0..<2).asyncMap { side in
                try await (0..<sizes.households).asyncMap { number in
                    try await environment.household("homes-\(repetition)-\(side)-\(number)", devices: sizes.householdDevices)
                }
            }
            let raw = try await (0..<sizes.households).asyncMap { number in
                try await environment.household("homes-raw-\(repetition)-\(number)", devices: 0).0
            }
            let workloads = try households.map { try $0.map { try Self.householdWorkloads(of: $0, sizes) } }
            // The sides in turn, starting one further each repetition.
            for side in (0..<3).map({ ($0 + repetition + index) % 3 }) {
                switch side {
                case 0:
                    let run = try await pushHouseholds(environment, households[0], workloads[0], ports: [environment.port])
                    one.append(run.seconds)
                    latencies.one += run.latencies
                case 1:
                    let run = try await environment.withSecondInstance { port in
                        try await pushHouseholds(environment, households[1], workloads[1], ports: [environment.port, port])
                    }
                    two.append(run.seconds)
                    latencies.two += run.latencies
                default:
                    baseline.append(try await appendHouseholds(environment, raw, workloads[0]))
                }
            }
            // Every household's log holds each of its devices' operations once, numbered 1…N without a gap; the
            // single instance's logs equal the raw ones row for row.
            for number in 0..<sizes.households {
                let ours = try await environment.fingerprint(of: households[0][number].0, bySeq: false)
                let rawPrint = try await environment.fingerprint(of: raw[number], bySeq: false)
                let twoPrint = try await environment.fingerprint(of: households[1][number].0, bySeq: false)
                let complete = "\(perHousehold) rows, seq 1…\(perHousehold),"
                guard ours == rawPrint, ours.hasPrefix(complete), twoPrint.hasPrefix(complete) else {
                    throw BenchFailure("load-households: household \(number): one \(ours), two \(twoPrint), raw \(rawPrint)")
                }
            }
            BenchLog.line(
                "   #\(repetition): one instance \(BenchReport.formatSeconds(one.last ?? 0)), two instances "
                    + "\(BenchReport.formatSeconds(two.last ?? 0)), baseline \(BenchReport.formatSeconds(baseline.last ?? 0))")
        }
        let (oneMedian, twoMedian) = (BenchReport.median(one), BenchReport.median(two))
        let total = Double(sizes.households * perHousehold)
        return ScenarioResult(
            name: "server.load-households", oursSeconds: oneMedian, baselineSeconds: BenchReport.median(baseline),
            target: 3,
            metrics: [
                ("households", Double(sizes.households)), ("devices", Double(sizes.households * sizes.householdDevices)),
                ("operations", total),
                ("ops_per_s_one_instance", (total / oneMedian).rounded()),
                ("ops_per_s_two_instances", (total / twoMedian).rounded()),
                ("two_instances_s", twoMedian),
                ("speedup_two_instances", oneMedian / twoMedian),
                ("push_p50_ms_one", BenchReport.percentile(latencies.one, 0.5) * 1_000),
                ("push_p99_ms_one", BenchReport.percentile(latencies.one, 0.99) * 1_000),
                ("push_p50_ms_two", BenchReport.percentile(latencies.two, 0.5) * 1_000),
                ("push_p99_ms_two", BenchReport.percentile(latencies.two, 0.99) * 1_000),
            ])
    }

    /// Each device's operations; a household's devices record in rounds, as in `server.load`.
    private static func householdWorkloads(of household: (HouseholdID, [BearerToken]), _ sizes: BenchSizes) throws
        -> [BenchWorkload]
    {
        let (devices, batch) = (sizes.householdDevices, sizes.householdBatch)
        return try (0..<devices).map { device in
            try BenchWorkload.journal(of: household.0, count: sizes.householdOperations) { index in
                (index / batch) * devices * batch + device * batch + index % batch
            }
        }
    }

    /// Every device of every household pushes its bodies one after another, all at once, to the instance of
    /// `ports` its household is given (households alternate).
    private static func pushHouseholds(
        _ environment: BenchEnvironment, _ households: [(HouseholdID, [BearerToken])], _ workloads: [[BenchWorkload]],
        ports: [Int]
    ) async throws -> (seconds: Double, latencies: [Double]) {
        let batch = environment.sizes.householdBatch
        var devices: [(DeviceConnection, [ByteBuffer])] = []
        for (number, (household, tokens)) in households.enumerated() {
            for (token, workload) in zip(tokens, workloads[number]) {
                let connection = DeviceConnection(port: ports[number % ports.count], household: household, token: token)
                try await connection.checkHealth()
                devices.append((connection, try workload.bodies(batch: batch)))
            }
        }
        let started = ContinuousClock.now
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for (connection, bodies) in devices {
                group.addTask {
                    var latencies: [Double] = []
                    for body in bodies {
                        let pushed = ContinuousClock.now
                        _ = try await connection.push(body, expecting: batch)
                        latencies.append((ContinuousClock.now - pushed).seconds)
                    }
                    return latencies
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let seconds = (ContinuousClock.now - started).seconds
        for (connection, _) in devices {
            try await connection.close()
        }
        return (seconds, latencies)
    }

    /// The raw side: one task per device, each running its transactions one after another.
    private static func appendHouseholds(
        _ environment: BenchEnvironment, _ households: [HouseholdID], _ workloads: [[BenchWorkload]]
    ) async throws -> Double {
        let batch = environment.sizes.householdBatch
        let started = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (household, deviceWorkloads) in zip(households, workloads) {
                for workload in deviceWorkloads {
                    group.addTask {
                        for rows in workload.rowBatches(batch: batch) {
                            try await RawChanges.appendLocked(rows, of: household, client: environment.client)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        return (ContinuousClock.now - started).seconds
    }
}

extension Range where Bound == Int {
    /// The results of `transform` for each value, one after another.
    fileprivate func asyncMap<T>(_ transform: (Int) async throws -> T) async throws -> [T] {
        var results: [T] = []
        for value in self {
            results.append(try await transform(value))
        }
        return results
    }
}
