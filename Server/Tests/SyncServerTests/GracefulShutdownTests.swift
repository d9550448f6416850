import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import SyncServer
import Testing
import ThrowawayPostgres

/// SIGTERM and SIGINT shut the executable down gracefully: `/v1/ready` answers 503 while it drains, a request in
/// flight gets its answer, and the process exits 0 within the drain and the shutdown timeout.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct GracefulShutdownTests {
    @Test func sigtermDrainsReadinessLetsTheInFlightRequestFinishAndExitsZero() async throws {
        try await withSeededCluster { cluster, _, household, token in
            let (drain, timeout) = (3, 10)
            let server = try await ServerProcess.start(
                databaseURL: cluster.databaseURL,
                options: ["--drain-seconds", "\(drain)", "--shutdown-timeout", "\(timeout)"])
            defer { server.kill() }
            let slow = try await Self.slowRequest(to: server, household, token)
            let signalled = ContinuousClock.now
            server.send(SIGTERM)
            let exited = Task { await server.waitForExit(timeout: .seconds(drain + timeout + 5)) }

            // Until the server handles the signal /v1/ready says 200; then 503 while it drains, still answering.
            var draining: TestClient.Response?
            for _ in 0..<200 where draining == nil {
                let ready = try await server.request("/v1/ready", method: .get)
                if ready.status == .serviceUnavailable { draining = ready } else { try await Task.sleep(for: .milliseconds(10)) }
            }
            let ready = try #require(draining, "/v1/ready never answered 503")
            #expect(String(buffer: ready.body ?? ByteBuffer()).contains(#""code":"unavailable""#))

            let answer = try await slow.value
            #expect(answer.status == .conflict, "the in-flight request got its whole answer")
            let status = await exited.value
            let elapsed = ContinuousClock.now - signalled
            #expect(status == 0, "\(server.log.suffix(2000))")
            #expect(elapsed >= .seconds(drain))
            #expect(elapsed < .seconds(drain + timeout))
            // Stopped accepting: nothing answers on the port any more.
            await #expect(throws: (any Error).self) { try await server.request("/v1/health", method: .get) }
        }
    }

    @Test func aRequestOutlastingTheShutdownTimeoutIsCancelledAndTheProcessEndsWithinTheBound() async throws {
        try await withSeededCluster { cluster, _, household, token in
            let server = try await ServerProcess.start(
                databaseURL: cluster.databaseURL, options: ["--drain-seconds", "0", "--shutdown-timeout", "1"])
            defer { server.kill() }
            let slow = try await Self.slowRequest(to: server, household, token)
            let (status, elapsed) = await server.stop(with: SIGTERM, timeout: .seconds(10))
            #expect(status == 0, "\(server.log.suffix(2000))")
            // The request would have answered 409 4.5 s after the signal: it got no answer, so it was cancelled at
            // the 1 s bound, and the process ended soon after (teardown on a loaded machine took up to 3 s more).
            await #expect(throws: (any Error).self, "the cancelled request got no answer") { try await slow.value }
            #expect(elapsed < .seconds(1) + .seconds(5))
        }
    }

    @Test func sigintWithNoDrainExitsZeroAtOnce() async throws {
        try await withSeededCluster { cluster, _, _, _ in
            let server = try await ServerProcess.start(databaseURL: cluster.databaseURL, options: ["--drain-seconds", "0"])
            defer { server.kill() }
            let (status, elapsed) = await server.stop(with: SIGINT, timeout: .seconds(10))
            #expect(status == 0, "\(server.log.suffix(2000))")
            #expect(elapsed < .seconds(5))
            #expect(!server.log.contains("hasn't been called yet"), "no PostgresNIO warning at serve")
        }
    }

    /// A request in flight for 5 s, started half a second ago: a view waiting for a seq the household never
    /// reaches, which answers 409 when its wait ends.
    static func slowRequest(to server: ServerProcess, _ household: HouseholdID, _ token: BearerToken) async throws
        -> Task<TestClient.Response, any Error>
    {
        let slow = Task {
            try await server.request(
                "/v1/households/\(household)/views/stock?atLeast=1000", method: .get,
                headers: ServerProcessTests.headers(token))
        }
        try await Task.sleep(for: .milliseconds(500))
        return slow
    }
}
