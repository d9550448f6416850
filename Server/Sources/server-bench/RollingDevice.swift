import Foundation
import NIOCore
import SyncServer
import SyncWire

/// One device of the rolling-restart run: pushes journal operations with its own op ids in batches through the
/// load balancer and pulls what is new after each push, retrying what a restart may cause (a transport error, a
/// `503`) with backoff, the same body again, so a retried push is acknowledged, not stored twice.
struct RollingDevice: Sendable {
    /// What one device did and saw.
    struct Tally: Sendable {
        /// Op ids the server acknowledged (`applied` or `duplicate`).
        var acknowledged: [String] = []
        /// Per acknowledged push: when its first attempt started (seconds since 1970) and how long until its answer.
        var pushes: [(start: Double, seconds: Double)] = []
        /// Pages pulled after the pushes, while the run goes on.
        var pulls = 0
        /// Attempts repeated after a transport error or a `5xx`.
        var retries = 0
        /// Attempts that got no answer: refused, reset or timed out.
        var transportErrors = 0
        /// `503` answers from the server (its error envelope) and from the load balancer (no instance in service).
        var unavailable = (server: 0, balancer: 0)
        /// The server's `503` answers by the reason its envelope gives (`details.reason`; "shutting down" without).
        var unavailableReasons: [String: Int] = [:]
        /// `5xx` answers other than `503`: each one is a failure of the run.
        var otherServerErrors: [String] = []
        /// Operations a retried push found stored already.
        var duplicates = 0
    }

    let session: DeviceSession
    let batch: Int

    /// Pushes and pulls until `stop` answers true, then returns what it did.
    func run(until stop: @Sendable () -> Bool) async throws -> Tally {
        var tally = Tally()
        var cursor: Int64 = 0
        while !stop() {
            let workload = try BenchWorkload.journal(of: session.household, count: batch)
            let body = Data(try workload.bodies(batch: batch)[0].readableBytesView)
            let start = Date().timeIntervalSince1970
            let answer = try await retrying(&tally, "push") {
                try await session.send("/v1/households/\(session.household)/push", body: body)
            }
            let results = try JSONDecoder().decode(PushResponse.self, from: answer).results
            let expected = workload.operations.map(\.opId)
            let refused = results.filter { $0.status != .applied && $0.status != .duplicate }
            guard results.map(\.opId) == expected, refused.isEmpty else {
                throw BenchFailure("rolling: a push was not acknowledged whole: \(refused.prefix(3))")
            }
            tally.pushes.append((start, Date().timeIntervalSince1970 - start))
            tally.acknowledged += expected
            tally.duplicates += results.count(where: { $0.status == .duplicate })
            var hasMore = true
            while hasMore {
                let page = try await self.page(after: cursor, &tally)
                (cursor, hasMore) = (page.cursor, page.hasMore)
                tally.pulls += 1
            }
        }
        return tally
    }

    /// The whole log from the start, in pages of 1,000: each change's op id, in order.
    func pullAll(_ tally: inout Tally) async throws -> [String] {
        var (cursor, opIDs): (Int64, [String]) = (0, [])
        while true {
            let page = try await self.page(after: cursor, &tally)
            opIDs += page.changes.map(\.opId)
            cursor = page.cursor
            if !page.hasMore { return opIDs }
        }
    }

    private func page(after cursor: Int64, _ tally: inout Tally) async throws -> PulledPage<PulledChange> {
        let body = try await retrying(&tally, "pull") {
            try await session.send("/v1/households/\(session.household)/changes?after=\(cursor)&limit=1000")
        }
        return try JSONDecoder().decode(PulledPage<PulledChange>.self, from: body)
    }

    /// Runs `attempt` until it answers `200`: after a transport error or a `5xx`, again with backoff (10 ms,
    /// doubling to 500 ms, for at most 30 s); any other status ends the run.
    private func retrying(
        _ tally: inout Tally, _ what: String, _ attempt: () async throws -> (status: Int, body: Data)
    ) async throws -> Data {
        let deadline = ContinuousClock.now + .seconds(30)
        var delay = Duration.milliseconds(10)
        var last = "no attempt"
        while true {
            let answer: (status: Int, body: Data)?
            let started = ContinuousClock.now
            do {
                answer = try await attempt()
                last = "answered \(answer?.status ?? 0)"
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                tally.transportErrors += 1
                answer = nil
                last = "no answer after \(ContinuousClock.now - started): \(error.localizedDescription)"
            }
            switch answer?.status {
            case 200: return answer?.body ?? Data()
            case nil: break
            case 503:
                if let body = answer?.body, body.first == UInt8(ascii: "{") {
                    tally.unavailable.server += 1
                    let envelope = try? JSONDecoder().decode(ErrorEnvelope.self, from: body)
                    tally.unavailableReasons[envelope?.error.details["reason"] ?? "shutting down", default: 0] += 1
                    if tally.unavailable.server == 1, let body = answer?.body.prefix(300) {
                        BenchLog.line("rolling: \(what) answered 503: \(String(decoding: body, as: UTF8.self))")
                    }
                } else {
                    tally.unavailable.balancer += 1
                }
            case let status? where (500...599).contains(status):
                tally.otherServerErrors.append("\(what) answered \(status)")
            case let status?:
                let body = String(decoding: (answer?.body ?? Data()).prefix(300), as: UTF8.self)
                throw BenchFailure("rolling: \(what) answered \(status): \(body)")
            }
            guard ContinuousClock.now < deadline else {
                throw BenchFailure("rolling: \(what) failed for 30 s, last \(last)")
            }
            tally.retries += 1
            try await Task.sleep(for: delay)
            delay = min(delay * 2, .milliseconds(500))
        }
    }
}
