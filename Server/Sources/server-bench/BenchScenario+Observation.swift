import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import SyncServer

extension BenchScenario {
    /// `server.observation`: what ``RequestObservationMiddleware`` adds to a request: `GET /v1/health` through a
    /// router with the middleware (request id, metrics, one JSON access line at `info` to a sink that drops it)
    /// vs the same router without it, in process (HummingbirdTesting's router client, no sockets), one request
    /// at a time.
    static let observation = BenchScenario(
        name: "server.observation",
        summary: "GET /v1/health through the request observation middleware (id, metrics, JSON access line) vs "
            + "the same router without it, in process"
    ) { _, repetitions, index in
        let requests = 20_000
        var observed: [Double] = []
        var bare: [Double] = []
        for repetition in 1...repetitions {
            for side in (repetition + index) % 2 == 0 ? [true, false] : [false, true] {
                let seconds = try await timeHealthRequests(requests, observed: side)
                if side { observed.append(seconds / Double(requests)) } else { bare.append(seconds / Double(requests)) }
            }
            BenchLog.line(
                "   #\(repetition): with the middleware \(BenchReport.formatSeconds(observed.last ?? 0)) a request, "
                    + "without \(BenchReport.formatSeconds(bare.last ?? 0))")
        }
        let (ours, baseline) = (BenchReport.median(observed), BenchReport.median(bare))
        return ScenarioResult(
            name: "server.observation", oursSeconds: ours, baselineSeconds: baseline, target: 3,
            metrics: [("requests", Double(requests)), ("overhead_us_per_request", (ours - baseline) * 1_000_000)])
    }

    private static func timeHealthRequests(_ count: Int, observed: Bool) async throws -> Double {
        let router = Router()
        if observed {
            var logger = Logger(label: "server-bench-observation") { label in
                ServerLogHandler(label: label, format: .json) { _ in }
            }
            logger.logLevel = .info
            router.middlewares.add(RequestObservationMiddleware(metrics: ServerMetrics(), logger: logger))
        }
        router.get("v1/health") { _, _ in "ok" }
        return try await Application(router: router).test(.router) { client in
            for _ in 0..<200 { _ = try await client.execute(uri: "/v1/health", method: .get) }
            let start = ContinuousClock.now
            for _ in 0..<count {
                let response = try await client.execute(uri: "/v1/health", method: .get)
                guard response.status == .ok else { throw BenchFailure("observation: health answered \(response.status)") }
            }
            return (ContinuousClock.now - start).seconds
        }
    }
}
