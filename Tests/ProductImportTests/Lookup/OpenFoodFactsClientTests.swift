import Foundation
import InventoryKit
import InventoryKitTesting
import ProductImport
import ProductModule
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("OpenFoodFactsClient on a scripted URLProtocol")
struct OpenFoodFactsClientTests {
    static let userAgent = OpenFoodFactsClientConfiguration.userAgent(app: "InventoryKitTests", version: "1", contact: "tests@example.com")

    /// A client on the scripted protocol and a virtual timer, fast enough to never wait.
    static func client(
        timer: VirtualLookupTimer = VirtualLookupTimer(), configure: (inout OpenFoodFactsClientConfiguration) -> Void = { _ in }
    ) -> OpenFoodFactsClient {
        var configuration = OpenFoodFactsClientConfiguration(baseURL: URL(string: "http://off.test"), userAgent: userAgent)
        configure(&configuration)
        return OpenFoodFactsClient(
            configuration: configuration, session: LookupScriptedProtocol.session(), timer: timer.timer,
            clock: .constant(ImportFixtures.now))
    }

    @Test("a recorded record is found, normalized with Open Food Facts provenance, and the raw body is kept")
    func foundRecordIsNormalized() async throws {
        let body = try ImportFixtures.openFoodFacts("3029330003533")
        LookupScriptedProtocol.script("3029330003533", [.http(status: 200, body: body)])
        let result = await Self.client().lookUp(try GTIN("3029330003533"))
        guard case .found(let record) = result else { Issue.record("expected found, got \(result)"); return }
        #expect(record.imported.product.productID.rawValue == "3029330003533")
        #expect(record.imported.product.title?.isEmpty == false)
        #expect(record.imported.provenance.primaryProvider == .openFoodFacts)
        #expect(record.body == body)
        #expect(record.provider == .openFoodFacts)
    }

    @Test("the request goes to /api/v2/product/CODE in OFF's stored form, with the fields and the User-Agent")
    func requestShape() async throws {
        // A 12-digit UPC-A is asked for as OFF stores it: 13 digits with a leading zero.
        LookupScriptedProtocol.script("0737628064502", [.http(status: 200, body: try ImportFixtures.openFoodFacts("0737628064502"))])
        _ = await Self.client().lookUp(try GTIN("737628064502"))
        let request = try #require(LookupScriptedProtocol.requests("0737628064502").first)
        #expect(request.url?.path == "/api/v2/product/0737628064502")
        #expect(request.url?.query?.contains("fields=code,product_name") == true)
        #expect(request.value(forHTTPHeaderField: "User-Agent") == Self.userAgent)
    }

    @Test(
        "status 0 means not found, as a 200 or a 404",
        arguments: [200, 404])
    func statusZeroIsNotFound(status: Int) async throws {
        let code = GTIN.fixtureEAN13(1_700 + status)
        LookupScriptedProtocol.script(code, [.http(status: status, body: Data(#"{"code":"\#(code)","status":0,"status_verbose":"product not found"}"#.utf8))])
        #expect(await Self.client().lookUp(try GTIN(code)) == .notFound(try GTIN(code)))
    }

    @Test("a 429 with Retry-After is retried after the server's wait, and the retry's record is found")
    func rateLimitedThenFound() async throws {
        let timer = VirtualLookupTimer()
        LookupScriptedProtocol.script("3228857000852", [
            .http(status: 429, headers: ["Retry-After": "7"]),
            .http(status: 200, body: try ImportFixtures.openFoodFacts("3228857000852")),
        ])
        let result = await Self.client(timer: timer).lookUp(try GTIN("3228857000852"))
        guard case .found = result else { Issue.record("expected found, got \(result)"); return }
        #expect(timer.sleeps.contains(7))
        #expect(LookupScriptedProtocol.requests("3228857000852").count == 2)
    }

    @Test("a 429 on every attempt ends as rate limited with the server's Retry-After, after the configured attempts")
    func rateLimitedToTheEnd() async throws {
        let code = GTIN.fixtureEAN13(1_801)
        LookupScriptedProtocol.script(code, [.http(status: 429, headers: ["Retry-After": "2"])])
        let result = await Self.client { $0.maximumAttempts = 3 }.lookUp(try GTIN(code))
        #expect(result == .rateLimited(try GTIN(code), retryAfter: 2))
        #expect(LookupScriptedProtocol.requests(code).count == 3)
    }

    @Test("a Retry-After beyond the longest backoff ends the lookup at once instead of waiting")
    func longRetryAfterIsNotWaited() async throws {
        let code = GTIN.fixtureEAN13(1_802)
        let timer = VirtualLookupTimer()
        LookupScriptedProtocol.script(code, [.http(status: 429, headers: ["Retry-After": "3600"])])
        let result = await Self.client(timer: timer).lookUp(try GTIN(code))
        #expect(result == .rateLimited(try GTIN(code), retryAfter: 3600))
        #expect(LookupScriptedProtocol.requests(code).count == 1)
        #expect(timer.sleeps.allSatisfy { $0 <= 30 })
    }

    @Test("a 503 on every attempt is unavailable with the server error, after backoffs that double")
    func serverErrorIsUnavailable() async throws {
        let code = GTIN.fixtureEAN13(1_803)
        let timer = VirtualLookupTimer()
        LookupScriptedProtocol.script(code, [.http(status: 503)])
        let result = await Self.client(timer: timer) { $0.productReadsPerMinute = 6_000; $0.burst = 10 }.lookUp(try GTIN(code))
        #expect(result == .unavailable(try GTIN(code), .serverError(status: 503)))
        #expect(timer.sleeps == [1, 2])
    }

    @Test("a body cut short is unavailable as malformed, never found")
    func truncatedBodyIsMalformed() async throws {
        let body = try ImportFixtures.openFoodFacts("3366321052331")
        LookupScriptedProtocol.script("3366321052331", [.http(status: 200, body: body.prefix(body.count / 2))])
        let result = await Self.client().lookUp(try GTIN("3366321052331"))
        guard case .unavailable(_, .malformedBody) = result else { Issue.record("expected malformed, got \(result)"); return }
    }

    @Test(
        "transport failures map to typed reasons",
        arguments: [
            (URLError.Code.timedOut, "timedOut"), (.notConnectedToInternet, "offline"), (.cannotConnectToHost, "offline"),
            (.networkConnectionLost, "offline"), (.badServerResponse, "malformedBody"),
        ])
    func transportFailures(code urlCode: URLError.Code, expected: String) async throws {
        let code = GTIN.fixtureEAN13(1_900 + urlCode.rawValue & 0xFFF)
        LookupScriptedProtocol.script(code, [.failure(urlCode)])
        let result = await Self.client().lookUp(try GTIN(code))
        guard case .unavailable(_, let reason) = result else { Issue.record("expected unavailable, got \(result)"); return }
        #expect(String(describing: reason).lowercased().hasPrefix(expected == "timedOut" ? "timed out" : expected == "offline" ? "offline" : "malformed"))
    }

    @Test("an unexpected status is reported as such")
    func unexpectedStatus() async throws {
        let code = GTIN.fixtureEAN13(1_804)
        LookupScriptedProtocol.script(code, [.http(status: 403)])
        #expect(await Self.client().lookUp(try GTIN(code)) == .unavailable(try GTIN(code), .unexpectedStatus(403)))
    }

    @Test("a Retry-After given as an HTTP date is waited for as the seconds until it")
    func retryAfterAsHTTPDate() async throws {
        let code = GTIN.fixtureEAN13(1_805)
        let timer = VirtualLookupTimer()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = formatter.string(from: ImportFixtures.now.addingTimeInterval(12))
        LookupScriptedProtocol.script(code, [
            .http(status: 429, headers: ["Retry-After": date]),
            .http(status: 200, body: Data(#"{"code":"\#(code)","status":1,"product":{"product_name":"Tea"}}"#.utf8)),
        ])
        let result = await Self.client(timer: timer).lookUp(try GTIN(code))
        guard case .found(let record) = result else { Issue.record("expected found, got \(result)"); return }
        #expect(record.imported.product.title == "Tea")
        #expect(timer.sleeps.first == 12)
    }
}
