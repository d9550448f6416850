import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import NIOCore
import SyncWire
@testable import SyncServer
import Testing

/// `GET /metrics`, the JSON log lines and the request id: what an operator sees of the server.
@Suite struct ObservabilityTests {
    /// The lines a ``ServerLogHandler`` wrote, kept for assertions.
    final class CapturedLines: Sendable {
        private let box = NIOLockedValueBox<[String]>([])
        var lines: [String] { box.withLockedValue { $0 } }

        /// A debug-level logger whose JSON lines land here.
        func logger() -> Logger {
            var logger = Logger(label: "observability-tests") { label in
                ServerLogHandler(label: label, format: .json) { line in self.box.withLockedValue { $0.append(line) } }
            }
            logger.logLevel = .debug
            return logger
        }

        /// Each line parsed as a JSON object.
        func objects() throws -> [[String: Any]] {
            try lines.map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            }
        }
    }

    static func scrape(_ metrics: ServerMetrics) async throws -> (TestResponse, [PrometheusSample]) {
        let app = Application(router: MetricsEndpoint.router(metrics: metrics))
        return try await app.test(.router) { client in
            let response = try await client.execute(uri: "/metrics", method: .get)
            return (response, try PrometheusSample.parse(String(buffer: response.body)))
        }
    }

    @Test func metricsCountRequestsPushesPullsAndRefusalsByRoutePattern() async throws {
        let metrics = ServerMetrics()
        try await withSyncServer(metrics: metrics) { server in
            let (household, token, _) = try await server.household()
            let journal = { try KitPayloads.journal(of: household) }
            #expect(try await server.push(household, token: token, operations: [journal(), journal(), journal()]).status == .ok)
            // The second push carries one operation the validator rejects.
            #expect(try await server.push(household, token: token, operations: [journal(), makeOperation()]).status == .ok)
            #expect(try await server.pull(household, token: token).status == .ok)
            #expect(try await server.pull(household, token: BearerToken.generate()).status == .unauthorized)
            #expect(try await server.push(household, token: nil, operations: [makeOperation()]).status == .unauthorized)
            #expect(try await server.client.execute(uri: "/v1/no/such/\(household)", method: .get).status == .notFound)
            let calendar = "/v1/households/\(household)/calendar.ics?feed=\(token.rawValue)"
            #expect(try await server.client.execute(uri: calendar, method: .get).status == .unauthorized)

            let (response, samples) = try await Self.scrape(metrics)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let push = "/v1/households/{id}/push", changes = "/v1/households/{id}/changes"
            let requests = "inventorykit_http_requests_total"
            #expect(samples.value(requests, ["method": "POST", "route": push, "status": "200"]) == 2)
            #expect(samples.value(requests, ["method": "POST", "route": push, "status": "401"]) == 1)
            #expect(samples.value(requests, ["method": "GET", "route": changes, "status": "200"]) == 1)
            #expect(samples.value(requests, ["method": "GET", "route": changes, "status": "401"]) == 1)
            #expect(samples.value(requests, ["method": "GET", "route": "NotFound", "status": "404"]) == 1)
            #expect(samples.value("inventorykit_http_request_duration_seconds_count", ["route": push, "status": "200"]) == 2)
            #expect(samples.value("inventorykit_pushed_operations_total", ["result": "applied"]) == 4)
            #expect(samples.value("inventorykit_pushed_operations_total", ["result": "rejected"]) == 1)
            #expect(samples.value("inventorykit_pushed_operations_total", ["result": "conflict"]) == 0)
            #expect(samples.value("inventorykit_pulled_changes_total") == 4)
            #expect(samples.value("inventorykit_push_batch_operations_count") == 2)
            #expect(samples.value("inventorykit_push_batch_operations_sum") == 5)
            #expect(samples.value("inventorykit_household_lock_wait_seconds_count") == 2)
            #expect(samples.value("inventorykit_authentication_failures_total", ["kind": "unknown"]) == 1)
            #expect(samples.value("inventorykit_authentication_failures_total", ["kind": "missing_or_malformed"]) == 1)
            #expect(samples.value("inventorykit_authentication_failures_total", ["kind": "device_token"]) == 1)
            #expect(samples.value(requests, ["route": "/v1/households/{id}/calendar.ics", "status": "401"]) == 1)
            #expect(samples.value("inventorykit_db_transactions_running") == 0)
            #expect(samples.value("inventorykit_db_transactions_waiting") == 0)

            // Label values come from bounded sets: no household id, no UUID, no raw path.
            let uuid = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/
            let labelValues = samples.flatMap(\.labels.values)
            #expect(!labelValues.isEmpty)
            #expect(labelValues.allSatisfy { $0.firstMatch(of: uuid) == nil && !$0.contains("/no/such") && !$0.contains("?") })
            #expect(!String(buffer: response.body).contains(token.rawValue))
        }
    }

    @Test func jsonLogLinesCarryTheRequestHouseholdAndDeviceButNoCredential() async throws {
        let captured = CapturedLines()
        try await withSyncServer(logger: captured.logger()) { server in
            let (household, token, device) = try await server.household()
            var headers = SyncServerHarness.headers(token)
            headers[RequestID.headerName] = "client-req.42:a_b"
            let body = ByteBuffer(bytes: try JSONEncoder().encode(PushRequest(operations: [makeOperation()])))
            let pushed = try await server.client.execute(
                uri: "/v1/households/\(household)/push", method: .post, headers: headers, body: body)
            #expect(pushed.status == .ok)
            #expect(pushed.headers[RequestID.headerName] == "client-req.42:a_b")

            let revokedToken = try await server.store.addDevice(to: household)
            try await server.store.revokeDevice(revokedToken.0)
            #expect(try await server.pull(household, token: revokedToken.1).status == .unauthorized)

            let invitation = try await server.store.addMember(named: "Ana", to: household, expiresAt: .now + 3600)
            let session = BearerToken.generate()
            _ = try await server.store.acceptInvitation(
                BearerToken(rawValue: invitation.invitation), session: session, csrfToken: "csrf", expiresAt: .now + 3600)
            let guessed = BearerToken.generate()
            for cookie in [session, guessed] {
                _ = try await server.client.execute(
                    uri: "\(WebPaths.household(household))/stock", method: .get,
                    headers: [.cookie: "\(WebRoutes<SyncRequestContext>.sessionCookie)=\(cookie.rawValue)"])
            }

            let objects = try captured.objects()
            let accessLines = objects.filter { $0["message"] as? String == "request" }
            #expect(accessLines.count == 4)
            for line in objects {
                #expect(line["time"] is String && line["level"] is String)
            }
            let pushLine = try #require(accessLines.first { $0["request_id"] as? String == "client-req.42:a_b" })
            #expect(pushLine["route"] as? String == "/v1/households/{id}/push")
            #expect(pushLine["method"] as? String == "POST")
            #expect(pushLine["status"] as? String == "200")
            #expect(pushLine["household"] as? String == household.description)
            #expect(pushLine["device"] as? String == device.description)
            #expect(pushLine["duration_ms"] is String)
            let signedIn = accessLines.filter { $0["route"] as? String == "/households/{id}/stock" }
            #expect(signedIn.count == 2)
            #expect(signedIn.filter { $0["household"] as? String == household.description }.count == 1)
            #expect(accessLines.allSatisfy { ($0["request_id"] as? String)?.isEmpty == false })

            let everything = captured.lines.joined(separator: "\n")
            for secret in [token.rawValue, revokedToken.1.rawValue, session.rawValue, guessed.rawValue, invitation.invitation] {
                #expect(!everything.contains(secret))
            }
        }
    }

    @Test func theRequestIDIsEchoedWhenValidAndReplacedWhenHostile() async throws {
        try await withSyncServer { server in
            let hostile = ["a\nb", String(repeating: "x", count: 300), "\"quoted\"", "", "id with space", "é"]
            for value in hostile {
                var headers = HTTPFields()
                headers[RequestID.headerName] = value
                let response = try await server.client.execute(uri: "/v1/health", method: .get, headers: headers)
                let echoed = try #require(response.headers[RequestID.headerName])
                #expect(echoed != value)
                #expect(RequestID(accepting: echoed)?.rawValue == echoed)
            }
            let valid = String(repeating: "A", count: 128)
            var headers = HTTPFields()
            headers[RequestID.headerName] = valid
            let response = try await server.client.execute(uri: "/v1/health", method: .get, headers: headers)
            #expect(response.headers[RequestID.headerName] == valid)
            #expect(try await server.client.execute(uri: "/v1/health", method: .get).headers[RequestID.headerName] != nil)
        }
    }

    @Test(arguments: [
        ("abc-123", true), ("a.b_c:d-e", true), (String(repeating: "9", count: 128), true),
        (String(repeating: "9", count: 129), false), ("", false), ("a b", false), ("a\nb", false), ("a\"b", false),
        ("ü", false), ("a/b", false),
    ])
    func aRequestIDIsAcceptedOnlyFromItsAlphabet(_ header: String, _ accepted: Bool) {
        #expect((RequestID(accepting: header) != nil) == accepted)
    }

    @Test func textLinesStayOneLineAndCarryTheRequestScope() {
        let lines = NIOLockedValueBox<[String]>([])
        let logger = Logger(label: "text") { label in
            ServerLogHandler(label: label, format: .text) { line in lines.withLockedValue { $0.append(line) } }
        }
        let scope = RequestScope(requestID: RequestID.generate())
        let household = HouseholdID(UUID())
        scope.identify(household: household)
        RequestScope.$current.withValue(scope) {
            logger.info("two\nlines", metadata: ["cookie": "ik_session=secret-value"])
        }
        let line = lines.withLockedValue { $0 }.first ?? ""
        #expect(line.contains(" info text: two\\nlines") && !line.contains("\n"))
        #expect(line.contains("request_id=\(scope.requestID)") && line.contains("household=\(household)"))
        #expect(line.contains("cookie=[redacted]") && !line.contains("secret-value"))
    }

    @Test func jsonLinesEscapeHostileMessagesAndMetadataAndRedactCredentials() throws {
        let captured = CapturedLines()
        let logger = captured.logger()
        let hostile = "line\nbreak \"quoted\" back\\slash \u{01}\u{7F} tab\t é \u{2028}"
        logger.warning("\(hostile)", metadata: [
            "note": .string(hostile), "list": .array([.string(hostile), .stringConvertible(42)]),
            "message": "shadowed", "authorization": "Bearer secret-value", "session_cookie": "secret-value",
        ])
        let line = try #require(captured.lines.first)
        #expect(!line.contains("\n") && !line.contains("secret-value"))
        let object = try #require(try captured.objects().first)
        #expect(object["message"] as? String == hostile)
        #expect(object["note"] as? String == hostile)
        #expect(object["list"] as? [String] == [hostile, "42"])
        #expect(object["metadata.message"] as? String == "shadowed")
        #expect(object["authorization"] as? String == "[redacted]")
        #expect(object["level"] as? String == "warning")
        let time = try #require(object["time"] as? String)
        #expect(time.hasSuffix("Z") && (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(time)) != nil)
    }

    @Test func credentialKeysAreFoundInAnyCaseAsUnicodeLowerCasingFindsThem() {
        let keys = [
            "authorization", "Authorization", "X-AUTH-TOKEN", "session_cookie", "pass_word", "PASSWORD_hash", "tok",
            "request_id", "household", "", "tokenish", "co\u{212A}ie-jar", "ünicode_token", "cöokie", "TOKE",
        ]
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("aAcCeEiIkKnNoOpPrRsStTwWzZ_-\u{212A}ö")
        let generated = (0..<2_000).map { _ in
            String((0..<Int.random(in: 0...14, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" })
        }
        for key in keys + generated {
            let lowered = key.lowercased()
            let expected = ["authorization", "cookie", "token", "password"].contains { lowered.contains($0) }
            #expect(ServerLogHandler.isCredential(key) == expected, "\(key)")
        }
    }

    @Test func jsonStringsWithoutEscapesAreCopiedAsTheyAre() throws {
        for text in ["", "abc-123", "/v1/households/{id}/push", "é ü 東京", "a\u{2027}b", "a\u{2028}b", "a\u{2029}b", "“quoted”"] {
            let literal = ServerLogHandler.json(text)
            let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
            #expect(decoded == [text], "\(text)")
            #expect(!literal.contains("\u{2028}") && !literal.contains("\u{2029}"))
        }
    }
}
