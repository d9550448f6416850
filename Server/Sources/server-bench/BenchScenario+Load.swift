import Foundation
import SyncServer
import SyncWire

extension BenchScenario {
    /// `server.load`: D devices of one household each push M journal operations in pushes of B, all at once,
    /// then each pulls the whole log; against raw PostgreSQL doing the same D × M / B transactions (counter lock,
    /// multi-row insert) from D concurrent tasks. Run at D = `devices` (the verdict and the metrics), then at every
    /// other count of `loadDeviceCounts`, for `by_devices`: the push latency against the number of devices.
    static let load = BenchScenario(
        name: "server.load",
        summary: "D devices × M operations pushed in batches of B concurrently over HTTP, then pulled by every "
            + "device vs the same transactions (counter lock + insert) from D concurrent raw connections"
    ) { environment, repetitions, index in
        let sizes = environment.sizes
        let main = try await measureLoad(environment, devices: sizes.devices, repetitions: repetitions, index: index)
        var sweep = [main]
        for devices in Set(sizes.loadDeviceCounts).subtracting([sizes.devices]).sorted() {
            sweep.append(try await measureLoad(environment, devices: devices, repetitions: repetitions, index: index))
        }
        let total = sizes.devices * sizes.operationsPerDevice
        let median = BenchReport.median(main.ours)
        return ScenarioResult(
            name: "server.load", oursSeconds: median, baselineSeconds: BenchReport.median(main.baseline), target: 2,
            metrics: [
                ("devices", Double(sizes.devices)), ("operations", Double(total)),
                ("ops_per_s", (Double(total) / median).rounded()),
                ("push_p50_ms", BenchReport.percentile(main.latencies, 0.5) * 1_000),
                ("push_p99_ms", BenchReport.percentile(main.latencies, 0.99) * 1_000),
                ("pull_all_devices_s", BenchReport.median(main.pulls)),
                ("view_lag_p50_ms", BenchReport.percentile(main.lags, 0.5) * 1_000),
                ("view_lag_p99_ms", BenchReport.percentile(main.lags, 0.99) * 1_000),
                ("pulled_exactly_once", 1),
            ],
            byDevices: sweep.map(\.figures).sorted { $0.devices < $1.devices })
    }

    /// What `server.load` measured at one device count, over all repetitions.
    private struct LoadMeasurements {
        /// Devices pushing at once.
        let devices: Int
        /// Each repetition's wall time, ours.
        var ours: [Double] = []
        /// Each repetition's wall time, raw.
        var baseline: [Double] = []
        /// Each repetition's pull of the whole log by every device.
        var pulls: [Double] = []
        /// Every push's latency, ours.
        var latencies: [Double] = []
        /// Every baseline transaction's latency.
        var rawLatencies: [Double] = []
        /// Every projection lag the first device's reader saw.
        var lags: [Double] = []

        /// The medians and latency percentiles.
        var figures: DeviceFigures {
            DeviceFigures(
                devices: devices, oursSeconds: BenchReport.median(ours), baselineSeconds: BenchReport.median(baseline),
                pushP50Milliseconds: BenchReport.percentile(latencies, 0.5) * 1_000,
                pushP99Milliseconds: BenchReport.percentile(latencies, 0.99) * 1_000,
                rawP50Milliseconds: BenchReport.percentile(rawLatencies, 0.5) * 1_000,
                rawP99Milliseconds: BenchReport.percentile(rawLatencies, 0.99) * 1_000)
        }
    }

    /// `repetitions` runs of `devices` devices against the raw side, alternating which goes first, each checked:
    /// both logs equal, every operation under seq 1…total.
    private static func measureLoad(
        _ environment: BenchEnvironment, devices: Int, repetitions: Int, index: Int
    ) async throws -> LoadMeasurements {
        let sizes = environment.sizes
        let total = devices * sizes.operationsPerDevice
        var measured = LoadMeasurements(devices: devices)
        for repetition in 1...repetitions {
            let oursFirst = (repetition + index) % 2 == 0
            let (household, tokens) = try await environment.household("load-\(devices)-\(repetition)", devices: devices)
            let (rawHousehold, _) = try await environment.household("load-raw-\(devices)-\(repetition)", devices: 0)
            var workloads: [BenchWorkload] = []
            // Devices with true clocks push what they recorded just before: a push of round r holds entries
            // recorded in round r, so concurrent pushes overlap in time only within a round.
            let batch = sizes.batch
            for device in 0..<devices {
                workloads.append(try BenchWorkload.journal(of: household, count: sizes.operationsPerDevice) { index in
                    (index / batch) * devices * batch + device * batch + index % batch
                })
            }
            var oursSeconds = 0.0
            var rawSeconds = 0.0
            for side in oursFirst ? [true, false] : [false, true] {
                if side {
                    let run = try await pushConcurrently(environment, household, tokens, workloads)
                    oursSeconds = run.seconds
                    measured.pulls.append(run.pullSeconds)
                    measured.latencies += run.latencies
                    measured.lags += run.lags
                } else {
                    let run = try await appendConcurrently(environment, rawHousehold, workloads)
                    rawSeconds = run.seconds
                    measured.rawLatencies += run.latencies
                }
            }
            let oursPrint = try await environment.fingerprint(of: household, bySeq: false)
            let rawPrint = try await environment.fingerprint(of: rawHousehold, bySeq: false)
            guard oursPrint == rawPrint, oursPrint.hasPrefix("\(total) rows, seq 1…\(total),") else {
                throw BenchFailure("load: the sides disagree at \(devices) devices: ours \(oursPrint), raw \(rawPrint)")
            }
            BenchLog.line(
                "   \(devices) devices #\(repetition): ours \(BenchReport.formatSeconds(oursSeconds)), baseline "
                    + "\(BenchReport.formatSeconds(rawSeconds)); pull by every device "
                    + "\(BenchReport.formatSeconds(measured.pulls.last ?? 0)) (\(oursPrint))")
            measured.ours.append(oursSeconds)
            measured.baseline.append(rawSeconds)
        }
        return measured
    }

    /// Every device pushes its bodies one after another, all devices at once; then every device pulls the log
    /// and must see each pushed op id exactly once, numbered 1…total without a gap.
    ///
    /// Projection lag: beside the first device, a reader on a connection of its own asks, after each of its push's
    /// answers, for a view with `atLeast` = the push's last `seq`; the lag is the time from the push's answer to
    /// the view's. (A reader beside every device would double the server's work: the lag is the replica's.)
    private static func pushConcurrently(
        _ environment: BenchEnvironment, _ household: HouseholdID, _ tokens: [BearerToken], _ workloads: [BenchWorkload]
    ) async throws -> (seconds: Double, pullSeconds: Double, latencies: [Double], lags: [Double]) {
        let batch = environment.sizes.batch
        var connections: [DeviceConnection] = []
        var readers: [DeviceConnection] = []
        for token in tokens {
            connections.append(try await environment.connect(household, token: token))
            readers.append(try await environment.connect(household, token: token))
        }
        let bodies = try workloads.map { try $0.bodies(batch: batch) }
        let started = ContinuousClock.now
        let (latencies, lags) = try await withThrowingTaskGroup(of: ([Double], [Double]).self) { group in
            for (index, ((connection, reader), deviceBodies)) in zip(zip(connections, readers), bodies).enumerated() {
                let following = index == 0
                let (answered, answers) = AsyncStream.makeStream(of: (seq: Int64, at: ContinuousClock.Instant).self)
                group.addTask {
                    var latencies: [Double] = []
                    for body in deviceBodies {
                        let pushed = ContinuousClock.now
                        let seqs = try await connection.push(body, expecting: batch)
                        let now = ContinuousClock.now
                        latencies.append((now - pushed).seconds)
                        answers.yield((seqs.max() ?? 0, now))
                    }
                    answers.finish()
                    return (latencies, [])
                }
                group.addTask {
                    var lags: [Double] = []
                    for await push in answered {
                        // One device follows its pushes: twenty readers would double the server's work, and the
                        // lag is the replica's, not the reader's.
                        guard following else { continue }
                        try await reader.view(atLeast: push.seq)
                        lags.append((ContinuousClock.now - push.at).seconds)
                    }
                    return ([], lags)
                }
            }
            return try await group.reduce(into: ([Double](), [Double]())) { $0.0 += $1.0; $0.1 += $1.1 }
        }
        let seconds = (ContinuousClock.now - started).seconds

        let expected = Set(workloads.flatMap(\.operations).map(\.opId))
        let pullStarted = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for connection in connections {
                group.addTask {
                    let pulled = try await connection.pullAll(limit: 1_000)
                    guard pulled.map(\.seq) == Array(1...Int64(expected.count)) else {
                        throw BenchFailure("load: a device pulled \(pulled.count) changes, not seq 1…\(expected.count)")
                    }
                    let opIDs = pulled.map(\.opID)
                    guard Set(opIDs) == expected, opIDs.count == expected.count else {
                        throw BenchFailure("load: a device did not pull every op id exactly once")
                    }
                }
            }
            try await group.waitForAll()
        }
        let pullSeconds = (ContinuousClock.now - pullStarted).seconds
        for connection in connections + readers {
            try await connection.close()
        }
        return (seconds, pullSeconds, latencies, lags)
    }

    /// The raw side: one task per device, each running its transactions one after another; the wall time and
    /// every transaction's latency.
    private static func appendConcurrently(
        _ environment: BenchEnvironment, _ household: HouseholdID, _ workloads: [BenchWorkload]
    ) async throws -> (seconds: Double, latencies: [Double]) {
        let batches = workloads.map { $0.rowBatches(batch: environment.sizes.batch) }
        let started = ContinuousClock.now
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for deviceBatches in batches {
                group.addTask {
                    var latencies: [Double] = []
                    for rows in deviceBatches {
                        let begun = ContinuousClock.now
                        try await RawChanges.appendLocked(rows, of: household, client: environment.client)
                        latencies.append((ContinuousClock.now - begun).seconds)
                    }
                    return latencies
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        return ((ContinuousClock.now - started).seconds, latencies)
    }
}
