import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import SyncServer
import Testing
import ThrowawayPostgres

/// The `serve` executable's observability options end to end: `--metrics-port` and `--log-format json`.
@Suite(.enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct ServeObservabilityTests {
    @Test func serveExposesMetricsOnItsOwnPortAndWritesJSONLinesWithoutTheToken() async throws {
        try await withSeededCluster { cluster, _, household, token in
            let metricsPort = try ServerProcess.freeLoopbackPort()
            let server = try await ServerProcess.start(
                databaseURL: cluster.databaseURL, options: ["--metrics-port", "\(metricsPort)", "--log-format", "json"])
            defer { server.kill() }
            var headers = ServerProcessTests.headers(token)
            headers[RequestID.headerName] = "serve-test-1"
            let pushed = try await server.request(
                ServerProcessTests.pushURI(household), method: .post, headers: headers,
                body: ServerProcessTests.body([try KitPayloads.journal(of: household)]))
            #expect(pushed.status == .ok)
            #expect(pushed.headers[RequestID.headerName] == "serve-test-1")

            // The API's port does not serve the metrics; their own port does.
            #expect(try await server.request("/metrics", method: .get).status == .notFound)
            let scraped = try await server.request("/metrics", method: .get, port: metricsPort)
            #expect(scraped.status == .ok)
            let samples = try PrometheusSample.parse(String(buffer: scraped.body ?? ByteBuffer()))
            #expect(samples.value(
                "inventorykit_http_requests_total",
                ["method": "POST", "route": "/v1/households/{id}/push", "status": "200"]) == 1)
            #expect(samples.value("inventorykit_pushed_operations_total", ["result": "applied"]) == 1)

            // Every line on stderr is one JSON object; the push's access line names the request and the household.
            let lines = server.log.split(separator: "\n").map(String.init)
            let objects = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            #expect(!lines.isEmpty && objects.count == lines.count, "\(lines.filter { !$0.hasPrefix("{") })")
            let access = objects.first { $0["message"] as? String == "request" && $0["request_id"] as? String == "serve-test-1" }
            #expect(access?["household"] as? String == household.description)
            #expect(access?["status"] as? String == "200")
            #expect(!server.log.contains(token.rawValue))
        }
    }
}
