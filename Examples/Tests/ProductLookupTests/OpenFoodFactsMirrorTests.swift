import Foundation
import InventoryKit
import ProductImport
import Testing

/// The Open Food Facts client against `off-mirror` on loopback: real HTTP, recorded records, server-side counts.
@Suite("OpenFoodFactsClient against off-mirror", .timeLimit(.minutes(2)))
struct OpenFoodFactsMirrorTests {
    static func client(_ mirror: OffMirrorFixture, configure: (inout OpenFoodFactsClientConfiguration) -> Void = { _ in }) -> OpenFoodFactsClient {
        var configuration = OpenFoodFactsClientConfiguration(
            baseURL: mirror.url, userAgent: OpenFoodFactsClientConfiguration.userAgent(app: "ProductLookupTests", version: "1", contact: "tests"))
        configuration.productReadsPerMinute = 600
        configuration.burst = 5
        configuration.requestTimeout = 2
        configuration.baseBackoff = 0.1
        configuration.maximumBackoff = 3
        configure(&configuration)
        return OpenFoodFactsClient(configuration: configuration)
    }

    @Test("a recorded record is found; an unknown code is not found (status 0)")
    func foundAndNotFound() async throws {
        let mirror = try OffMirrorFixture.start()
        defer { mirror.stop() }
        let client = Self.client(mirror)
        guard case .found(let record) = await client.lookUp(try GTIN("3029330003533")) else { Issue.record("not found"); return }
        #expect(record.imported.provenance.primaryProvider == .openFoodFacts)
        // A bare product object of a search result is served in the v2 envelope, and an EAN-8 stays 8 digits.
        guard case .found = await client.lookUp(try GTIN("54491472")) else { Issue.record("EAN-8 not found"); return }
        let unknown = try GTIN("4006381333931")
        #expect(await client.lookUp(unknown) == .notFound(unknown))
        #expect(try await mirror.requests().total == 3)
    }

    @Test("a 429 with Retry-After once is retried after the wait and found; every time, it ends rate limited")
    func rateLimited() async throws {
        let mirror = try OffMirrorFixture.start(faults: ["3228857000852": "429-once", "3523230028431": "429"], retryAfter: 1)
        defer { mirror.stop() }
        let client = Self.client(mirror) { $0.maximumAttempts = 2 }
        let started = Date()
        guard case .found = await client.lookUp(try GTIN("3228857000852")) else { Issue.record("not found after a retry"); return }
        #expect(Date().timeIntervalSince(started) >= 0.9)
        let limited = try GTIN("3523230028431")
        #expect(await client.lookUp(limited) == .rateLimited(limited, retryAfter: 1))
        #expect(try await mirror.requests().byCode == ["3228857000852": 2, "3523230028431": 2])
    }

    @Test("a 503 on every attempt is unavailable with the server error")
    func serviceUnavailable() async throws {
        let mirror = try OffMirrorFixture.start(faults: ["3366321052331": "503"])
        defer { mirror.stop() }
        let code = try GTIN("3366321052331")
        #expect(await Self.client(mirror).lookUp(code) == .unavailable(code, .serverError(status: 503)))
        #expect(try await mirror.requests().total == 3)
    }

    @Test("a body cut short is unavailable as malformed")
    func truncatedBody() async throws {
        let mirror = try OffMirrorFixture.start(faults: ["3168930007432": "truncated"])
        defer { mirror.stop() }
        let result = await Self.client(mirror).lookUp(try GTIN("3168930007432"))
        guard case .unavailable(_, .malformedBody) = result else { Issue.record("got \(result)"); return }
    }

    @Test("a connection dropped mid-body (Content-Length announced, half sent) is a truncated body, not a transport failure")
    func droppedConnectionIsTruncated() async throws {
        let mirror = try OffMirrorFixture.start(faults: ["3168930007432": "dropped"])
        defer { mirror.stop() }
        let result = await Self.client(mirror).lookUp(try GTIN("3168930007432"))
        guard case .unavailable(_, .malformedBody(let reason)) = result else { Issue.record("got \(result)"); return }
        #expect(reason.hasPrefix("the connection closed mid-body (HTTP 200"), "\(reason)")
        #expect(try await mirror.requests().total == 1)
    }

    @Test("an answer slower than the request timeout is unavailable as timed out, in about the timeout")
    func slowAnswerTimesOut() async throws {
        // The answer takes 120 s; a 1 s timeout must end the lookup long before it. The bound leaves room for a
        // loaded CI machine: 4.7 s was seen while the chaos test ran beside it, 9.4 s with server builds beside it,
        // and 23.1 s on a slower 2-core machine running the whole test command.
        let mirror = try OffMirrorFixture.start(faults: ["3596710456727": "slow"], slowSeconds: 120)
        defer { mirror.stop() }
        let started = Date()
        let result = await Self.client(mirror) { $0.requestTimeout = 1 }.lookUp(try GTIN("3596710456727"))
        guard case .unavailable(_, .timedOut) = result else { Issue.record("got \(result)"); return }
        #expect(Date().timeIntervalSince(started) < 60)
    }

    @Test("a closed port is unavailable as offline")
    func closedPortIsOffline() async throws {
        let mirror = try OffMirrorFixture.start()
        let url = mirror.url
        mirror.stop()
        var configuration = OpenFoodFactsClientConfiguration(baseURL: url, userAgent: "ProductLookupTests/1 (tests)")
        configuration.requestTimeout = 2
        let result = await OpenFoodFactsClient(configuration: configuration).lookUp(try GTIN("3029330003533"))
        guard case .unavailable(_, let reason) = result, reason.isOffline else { Issue.record("got \(result)"); return }
    }

    @Test("twelve concurrent lookups never exceed the configured rate, counted on the server")
    func rateIsKeptUnderConcurrency() async throws {
        let mirror = try OffMirrorFixture.start()
        defer { mirror.stop() }
        // 120 a minute with a burst of 2: two at once, then one every half second.
        let client = Self.client(mirror) { $0.productReadsPerMinute = 120; $0.burst = 2 }
        let codes = ["3029330003533", "0737628064502", "3045320094008", "5059977000105", "3088543506255", "3228857000852",
                     "3366321052331", "3523230028431", "5449000011527", "57045443", "54491472", "3168930007432"]
        let barcodes = try codes.map { try GTIN($0) }
        let started = Date()
        await withTaskGroup(of: Void.self) { group in
            for barcode in barcodes { group.addTask { _ = await client.lookUp(barcode) } }
        }
        let log = try await mirror.requests()
        #expect(log.total == 12)
        // The k-th request to reach the server cannot have left before its slot: the burst's two at the start, then one
        // every half second. A request delayed in the client (a loaded test process) only arrives later, so this bound
        // holds on any machine, while counts per window at the server do not: a delayed request lands beside the next
        // one (CI saw 5 in 1 s). The spacing itself is proven on an injected clock by LookupRateLimiterTests.
        let early = log.wallTimes.enumerated().filter { index, arrival in
            arrival.timeIntervalSince(started) < Double(max(0, index - 1)) * 0.5 - 0.05
        }
        #expect(early.isEmpty, "requests ahead of their slot: \(early.map { ($0.offset, $0.element.timeIntervalSince(started)) })")
        #expect(log.wallTimes.count == 12 && (log.wallTimes.last ?? started).timeIntervalSince(started) >= 4.95)
    }
}
