import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InventoryKit
import InventoryModule
import Logging
import NIOCore
import PostgresNIO
import ProductModule
import SyncWire
import Testing
import ThrowawayPostgres

@testable import SyncServer

/// The purchase page's second step: a barcode the household's catalog never held is looked up on Open Food Facts
/// (a loopback stub answering recorded records, never the internet) through one rate limit for the whole server;
/// a product found is offered, and its purchase makes it every device's product; a lookup that fails says so in a
/// sentence, keeps the catalog's results and writes nothing.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct WebOpenFoodFactsTests {
    /// A recorded record: "Chips barbecue" by "Lay's".
    static let chips = "3168930007432"

    @Test func aProductOnlyOpenFoodFactsKnowsIsOfferedAndItsPurchaseReachesDevicesByItsTitle() async throws {
        let stub = OpenFoodFactsStub()
        try await stub.serve { url in
            try await withLookupServer(Self.settings(url)) { server in
                let (household, token, browser, _) = try await WebAppTests.signedIn(server, title: "Oat milk")
                let before = try await server.rowCounts(household)
                let page = WebAppTests.text(try await browser.get("/households/\(household)/purchase?q=\(Self.chips)"))
                #expect(page.contains("data-product=\"\(Self.chips)\""))
                #expect(page.contains("<bdi>Chips barbecue</bdi>"))
                #expect(page.contains("<dt>Brand</dt><dd dir=\"auto\">Lay&#39;s</dd>"))
                #expect(page.contains("Found on Open Food Facts"))
                #expect(!page.contains("id=\"lookup-note\""))
                // A lookup writes nothing.
                #expect(try await server.rowCounts(household) == before)

                let record = "/households/\(household)/purchases"
                let piece = UnitID.derived(name: "piece").rawValue
                let fridge = try #require(
                    page.firstMatch(of: /<option value="([^"]+)" dir="auto">Fridge<\/option>/).map { String($0.1) })
                let fields = try WebBrowserSession.form(in: page, action: record)
                #expect(fields.contains { $0 == ("origin", "open-food-facts") })
                let sent = fields + [("amount", "2"), ("unit", piece), ("location", fridge)]
                let booked = try await browser.post(record, sent)
                #expect(booked.status == .seeOther)
                #expect(booked.headers[.location] == "/households/\(household)/products/\(Self.chips)")
                // The purchase booked the record the page showed: no second read.
                #expect(await stub.requests() == [Self.chips])

                // A device pulls the product's record with its title, then the purchase that names it.
                let changes = try await server.pullAll(household, token: token).changes
                let product = try #require(changes.firstIndex { $0.kind == .product && $0.entityId == Self.chips })
                let purchase = try #require(changes.lastIndex { $0.kind == .journal })
                #expect(product < purchase)
                let pulled = try RecordCoding.decode(
                    RemoteProductRecord.self, from: Data(changes[product].payload.text.utf8))
                #expect(pulled.product?.title == "Chips barbecue")
                #expect(pulled.product?.brand == "Lay's")
                #expect(pulled.product?.barcode?.value == Self.chips)
                // The household's stock view names it by its title.
                let stock = try await HouseholdViewAPITests.get(
                    server, "/v1/households/\(household)/views/stock?atLeast=\(changes[purchase].seq)", token)
                let view = try JSONDecoder().decode(StockView.self, from: Data(stock.body.readableBytesView))
                #expect(view.locations.flatMap(\.products).first { $0.productId == Self.chips }?.title == "Chips barbecue")

                // The same form again (a double submit) books nothing more.
                let counts = try await server.rowCounts(household)
                #expect(try await browser.post(record, sent).status == .seeOther)
                #expect(try await server.rowCounts(household) == counts)
                // Now the catalog's: found there, without asking Open Food Facts.
                let again = WebAppTests.text(try await browser.get("/households/\(household)/purchase?q=\(Self.chips)"))
                #expect(again.contains("data-product=\"\(Self.chips)\""))
                #expect(!again.contains("Found on Open Food Facts"))
                #expect(await stub.requests().count == 1)
            }
        }
    }

    /// Open Food Facts' failures, each on a barcode of its own at the stub, and what the page says of each.
    static let failures: [(barcode: String, answer: OpenFoodFactsStub.Answer, says: String)] = [
        ("4000000000006", .notFound, "does not know this barcode"),
        ("5449000011527", .status(503), "gave no usable answer"),
        ("3523230028431", .slow, "gave no usable answer"),
        ("3596710456727", .malformed, "gave no usable answer"),
        ("3366321052331", .status(429), "asked too often"),
    ]

    @Test func aLookupThatFailsSaysSoInASentenceKeepsTheCatalogsResultsAndWritesNothing() async throws {
        let stub = OpenFoodFactsStub(answers: Dictionary(uniqueKeysWithValues: Self.failures.map { ($0.barcode, $0.answer) }))
        try await stub.serve { url in
            // A timeout the slow answer (10 s) always passes and a quick one never does, even on a loaded machine
            // (at 1 s, a quick "not found" under the whole suite's load once took longer).
            try await withLookupServer(Self.settings(url, requestTimeout: 3)) { server in
                // The catalog's product carries every failing barcode in its title, so each search finds it too.
                let title = "Oat milk " + Self.failures.map(\.barcode).joined(separator: " ")
                let (household, _, browser, _) = try await WebAppTests.signedIn(server, title: title)
                let before = try await server.rowCounts(household)
                let record = "/households/\(household)/purchases"
                for failure in Self.failures {
                    let response = try await browser.get("/households/\(household)/purchase?q=\(failure.barcode)")
                    #expect(response.status == .ok)
                    let page = WebAppTests.text(response)
                    let note = try #require(
                        page.firstMatch(of: /<p id="lookup-note" class="message" role="status">([^<]+)<\/p>/).map { String($0.1) },
                        "\(failure.answer)")
                    #expect(note.contains(failure.says), "\(failure.answer): \(note)")
                    #expect(!note.contains("HTTP") && !note.contains("503") && !note.contains("429"), "\(note)")
                    #expect(page.contains("data-product=\"4006381333931\""), "the catalog's result still shows")
                    #expect(!page.contains("Found on Open Food Facts"))

                    // A form naming the barcode as found there is refused with the same sentence.
                    let fields = try WebBrowserSession.form(
                        in: page, action: record, [("product", failure.barcode), ("origin", "open-food-facts")])
                    let refused = try await browser.post(record, fields + [("amount", "1"), ("unit", "piece")])
                    #expect(refused.status == .unprocessableContent || refused.status == .serviceUnavailable)
                    #expect(WebAppTests.text(refused).contains(failure.says), "\(failure.answer)")
                }
                #expect(try await server.rowCounts(household) == before)
            }
        }
    }

    @Test func aServerThatIsDownSaysSoAndWritesNothing() async throws {
        let closed = try #require(URL(string: "http://127.0.0.1:\(try ServerProcess.freeLoopbackPort())"))
        try await withLookupServer(Self.settings(closed)) { server in
            let (household, _, browser, _) = try await WebAppTests.signedIn(server, title: "Oat milk")
            let before = try await server.rowCounts(household)
            let page = WebAppTests.text(try await browser.get("/households/\(household)/purchase?q=\(Self.chips)"))
            #expect(page.contains("Open Food Facts gave no usable answer just now; try again later."))
            #expect(page.contains("id=\"nothing-found\""))
            #expect(try await server.rowCounts(household) == before)
        }
    }

    @Test func aProductTheHouseholdDeletedIsNotBroughtBackFromOpenFoodFacts() async throws {
        let stub = OpenFoodFactsStub()
        try await stub.serve { url in
            try await withLookupServer(Self.settings(url)) { server in
                let (household, token, browser, _) = try await WebAppTests.signedIn(server, title: "Oat milk")
                let id = try ProductID(Self.chips)
                let product = try KitPayloads.product(Self.chips, title: "Chips")
                _ = try await server.results(household, token: token, [
                    try KitPayloads.productChange(id, product: product, stamp: KitPayloads.stamp(1), baseStamp: nil),
                    try KitPayloads.productChange(id, product: nil, stamp: KitPayloads.stamp(2), baseStamp: KitPayloads.stamp(1)),
                ])
                let page = WebAppTests.text(try await browser.get("/households/\(household)/purchase?q=\(Self.chips)"))
                #expect(page.contains("This product was removed from the household&#39;s catalog; a device can add it again."))
                #expect(!page.contains("data-product=\"\(Self.chips)\""))
                #expect(await stub.requests().isEmpty)
            }
        }
    }

    @Test func concurrentLookupsFromTwoHouseholdsNeverExceedTheServersOneRateLimit() async throws {
        let stub = OpenFoodFactsStub()
        let barcodes = [
            "0737628064502", "3029330003533", "3088543506255", "3168930007432", "3228857000852",
            "3366321052331", "3523230028431", "3596710456727", "5449000011527", "3045320094008",
        ]
        try await stub.serve { url in
            // Three reads at once, then one every two minutes: within this test, three reads in all.
            var settings = Self.settings(url)
            settings.burst = 3
            settings.productReadsPerMinute = 0.5
            settings.maximumWait = 0
            try await withLookupServer(settings) { server in
                let first = try await WebAppTests.signedIn(server, title: "Oat milk")
                let second = try await WebAppTests.signedIn(server, title: "Rye bread")
                let pages = try await withThrowingTaskGroup(of: String.self) { group in
                    for (index, barcode) in barcodes.enumerated() {
                        let (household, browser) = index % 2 == 0
                            ? (first.household, first.browser) : (second.household, second.browser)
                        group.addTask {
                            WebAppTests.text(try await browser.get("/households/\(household)/purchase?q=\(barcode)"))
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                let requests = await stub.requests()
                #expect(requests.count == 3, "\(requests)")
                #expect(pages.filter { $0.contains("Found on Open Food Facts") }.count == 3)
                #expect(pages.filter { $0.contains("asked too often") }.count == barcodes.count - 3)
            }
        }
    }

    @Test func theSharedLimiterRefusesAReadItCannotStartWithinItsWaitAndTakesNoSlotForIt() async throws {
        // Two reads at once, then one a second; a read may wait a second and a half for its slot.
        let limiter = SharedLookupLimiter(perMinute: 60, capacity: 2, maximumWait: 1.5)
        #expect(await limiter.reserve() == 0)
        #expect(await limiter.reserve() == 0)
        let third = try #require(await limiter.reserve())
        #expect(third > 0.5 && third <= 1)
        // The next slot is about two seconds away: refused, and the refusals push no later slot further.
        #expect(await limiter.reserve() == nil)
        #expect(await limiter.reserve() == nil)
        try await Task.sleep(for: .seconds(1))
        let fourth = try #require(await limiter.reserve())
        #expect(fourth > 0.5 && fourth <= 1.5)
    }

    @Test(arguments: [
        ("off", OpenFoodFactsLookupSettings.Choice?.some(.disabled)), ("", .disabled), (" OFF ", .disabled),
        ("http://127.0.0.1:8089", .server(URL(string: "http://127.0.0.1:8089")!)),
        ("https://world.openfoodfacts.org", .server(URL(string: "https://world.openfoodfacts.org")!)),
        ("ftp://mirror.example", nil), ("not a url", nil), ("http://", nil),
    ])
    func theSettingReadsOffOrAnHTTPURL(text: String, choice: OpenFoodFactsLookupSettings.Choice?) {
        #expect(OpenFoodFactsLookupSettings.choice(from: text) == choice)
    }

    // MARK: - Fixtures

    /// Lookup settings for the stub at `url`: a burst large enough for the test, short waits.
    static func settings(_ url: URL, requestTimeout: Double = 5) -> OpenFoodFactsLookupSettings {
        var settings = OpenFoodFactsLookupSettings(baseURL: url)
        settings.burst = 50
        settings.productReadsPerMinute = 600
        settings.requestTimeout = requestTimeout
        settings.userAgent = "InventoryKit-Server-Tests/1.0 (tests)"
        return settings
    }
}

/// Runs `body` against a server whose purchase page looks barcodes up with `openFoodFacts`, on a fresh migrated
/// cluster (the harness's ``withSyncServer(limits:migrations:setup:views:metrics:logger:_:)`` with a lookup).
func withLookupServer(
    _ openFoodFacts: OpenFoodFactsLookupSettings, _ body: @escaping @Sendable (SyncServerHarness) async throws -> Void
) async throws {
    try await withPostgresCluster { cluster in
        let logger = {
            var logger = Logger(label: "web-open-food-facts-tests")
            logger.logLevel = .warning
            return logger
        }()
        try await PostgresClient.withRunningClient(configuration: cluster.configuration(), logger: logger) { client in
            try await Migrator().migrate(client: client, logger: logger)
            let store = PostgresSyncStore(client: client, logger: logger, metrics: ServerMetrics())
            let app = SyncServerApplication.build(
                client: client, clientIsRunning: true,
                configuration: SyncServerConfiguration(
                    host: "127.0.0.1", port: 0, database: cluster.configuration(), migrateOnStart: false,
                    openFoodFacts: openFoodFacts),
                logger: logger)
            try await app.test(.router) { client in
                try await body(SyncServerHarness(store: store, client: client))
            }
        }
    }
}

/// A stand-in for Open Food Facts on a loopback port: `GET /api/v2/product/CODE` answers the recorded record of
/// `CODE` (the shared fixtures beside the checkout, else the kit's copy of them), `status: 0` for a code it has no
/// record of, or the failure a test names for the code; it counts the reads it gets.
struct OpenFoodFactsStub: Sendable {
    /// What the stub answers for a code.
    enum Answer: Sendable, CustomStringConvertible {
        /// The recorded record, else `status: 0` with a 404.
        case record
        /// `status: 0` with a 404, as Open Food Facts answers an unknown code.
        case notFound
        /// An empty answer with this HTTP status.
        case status(Int)
        /// The record, later than any request timeout of the tests.
        case slow
        /// A body that is not JSON.
        case malformed

        /// The answer's name, for the tests' messages.
        var description: String {
            switch self {
            case .record: "record"
            case .notFound: "not found"
            case .status(let status): "HTTP \(status)"
            case .slow: "slow"
            case .malformed: "malformed"
            }
        }
    }

    /// Answers by code; codes not named get ``Answer/record``.
    var answers: [String: Answer] = [:]
    private let log = RequestLog()

    /// The codes read so far, in order.
    func requests() async -> [String] { await log.codes }

    /// The recorded records: the shared fixtures beside the checkout, else the kit's copy of them.
    static var fixtures: URL {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let shared = repository.deletingLastPathComponent().appendingPathComponent("shared/fixtures/openfoodfacts")
        if FileManager.default.fileExists(atPath: shared.path) { return shared }
        return repository.appendingPathComponent("Tests/ProductImportTests/Fixtures")
    }

    /// Serves on a free loopback port while `body` runs with the stub's base URL.
    func serve(_ body: @escaping @Sendable (URL) async throws -> Void) async throws {
        let router = Router()
        let (answers, log) = (answers, log)
        router.get("api/v2/product/:code") { _, context -> Response in
            let code = context.parameters.get("code") ?? ""
            await log.record(code)
            let record = try? Data(contentsOf: Self.fixtures.appendingPathComponent("\(code).json"))
            switch answers[code] ?? .record {
            case .record:
                guard let record else { return Self.json(#"{"code":"\#(code)","status":0}"#, status: .notFound) }
                return Self.json(record, status: .ok)
            case .notFound: return Self.json(#"{"code":"\#(code)","status":0,"status_verbose":"product not found"}"#, status: .notFound)
            case .status(let status): return Response(status: HTTPResponse.Status(code: status))
            case .slow:
                try await Task.sleep(for: .seconds(10))
                return Self.json(record ?? Data(), status: .ok)
            case .malformed: return Self.json(#"{"code":"\#(code)","status":1,"product":"#, status: .ok)
            }
        }
        var logger = Logger(label: "open-food-facts-stub")
        logger.logLevel = .warning
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
            try await body(url)
        }
    }

    /// A JSON answer of `text`.
    private static func json(_ text: String, status: HTTPResponse.Status) -> Response {
        json(Data(text.utf8), status: status)
    }

    /// A JSON answer of `body`.
    private static func json(_ body: Data, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// The codes read, in order.
    private actor RequestLog {
        /// The codes, in the order they were asked for.
        var codes: [String] = []
        /// Counts a read of `code`.
        func record(_ code: String) { codes.append(code) }
    }
}
