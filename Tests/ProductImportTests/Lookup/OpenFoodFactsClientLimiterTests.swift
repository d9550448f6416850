import Foundation
import InventoryKit
import InventoryKitTesting
import ProductImport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client's transfers (a body cut short after the answer's head) and its rate-limit port.
@Suite("OpenFoodFactsClient: cut-short bodies and the rate-limit port")
struct OpenFoodFactsClientLimiterTests {
    /// A limiter that grants at once and records every acquire and release, or refuses with an error.
    actor RecordingLimiter: LookupRateLimiting {
        private(set) var events: [String] = []
        let failure: LookupRateLimitError?

        init(failing failure: LookupRateLimitError? = nil) { self.failure = failure }

        func acquire() async throws(LookupRateLimitError) -> LookupPermit {
            if let failure { throw failure }
            events.append("acquire")
            return LookupPermit(grantedAt: 0)
        }

        func release(_ permit: LookupPermit) async { events.append("release") }
    }

    static func client(limiter: (any LookupRateLimiting)? = nil) -> OpenFoodFactsClient {
        var configuration = OpenFoodFactsClientConfiguration(
            baseURL: URL(string: "http://off.test"), userAgent: OpenFoodFactsClientConfiguration.userAgent(
                app: "InventoryKitTests", version: "1", contact: "tests@example.com"))
        configuration.productReadsPerMinute = 6_000
        configuration.burst = 10
        return OpenFoodFactsClient(
            configuration: configuration, session: LookupScriptedProtocol.session(), timer: VirtualLookupTimer().timer,
            clock: .constant(ImportFixtures.now), limiter: limiter)
    }

    @Test(
        "a connection lost after the answer's head is a truncated body, whatever the transport error",
        arguments: [URLError.Code.unknown, .networkConnectionLost, .cannotParseResponse])
    func connectionLostMidBodyIsMalformed(urlCode: URLError.Code) async throws {
        let body = try ImportFixtures.openFoodFacts("3366321052331")
        let code = GTIN.fixtureEAN13(2_100 + abs(urlCode.rawValue) % 100)
        LookupScriptedProtocol.script(code, [
            .cutShort(status: 200, headers: ["Content-Length": String(body.count)], body: body.prefix(100), code: urlCode)
        ])
        let result = await Self.client().lookUp(try GTIN(code))
        guard case .unavailable(_, .malformedBody(let reason)) = result else {
            Issue.record("expected malformed, got \(result)")
            return
        }
        #expect(reason.contains("mid-body (HTTP 200, \(body.count) bytes announced)"), "\(reason)")
    }

    @Test("a timeout after the answer's head is still a timeout")
    func timeoutMidBodyIsTimedOut() async throws {
        let code = GTIN.fixtureEAN13(2_201)
        LookupScriptedProtocol.script(code, [.cutShort(status: 200, headers: [:], body: Data("{".utf8), code: .timedOut)])
        let result = await Self.client().lookUp(try GTIN(code))
        guard case .unavailable(_, .timedOut) = result else { Issue.record("expected timed out, got \(result)"); return }
    }

    @Test("every attempt acquires a permit from the injected limiter and releases it once its answer is in")
    func permitsArePairedPerAttempt() async throws {
        let code = GTIN.fixtureEAN13(2_202)
        LookupScriptedProtocol.script(code, [.http(status: 503), .http(status: 404)])
        let limiter = RecordingLimiter()
        #expect(await Self.client(limiter: limiter).lookUp(try GTIN(code)) == .notFound(try GTIN(code)))
        #expect(await limiter.events == ["acquire", "release", "acquire", "release"])
        #expect(LookupScriptedProtocol.requests(code).count == 2)
    }

    @Test("a limiter whose shared state is unavailable sends no request and says why")
    func unavailableLimiterSendsNothing() async throws {
        let code = GTIN.fixtureEAN13(2_203)
        LookupScriptedProtocol.script(code, [.http(status: 404)])
        let failure = LookupRateLimitError.stateUnavailable(location: "/data/store.sqlite-openfoodfacts", reason: "read-only")
        let result = await Self.client(limiter: RecordingLimiter(failing: failure)).lookUp(try GTIN(code))
        #expect(result == .unavailable(try GTIN(code), .rateLimitUnavailable(reason: failure.description)))
        #expect(LookupScriptedProtocol.requests(code).isEmpty)
    }
}
