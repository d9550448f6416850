import ExamplesTestSupport
import Foundation
import SyncWire
import Testing

/// A wrong address is a configuration mistake, not a verdict on a change: `pantry sync` exits 8 with a message
/// that says what is wrong, nothing is charged or quarantined, and the right address delivers every change once.
/// Only a server's refusal on the merits quarantines a change, and `pantry outbox requeue` releases it.
@Suite(
    "A misconfigured server address strands no change", .serialized,
    .enabled(if: SyncServerFixture.postgresInstalled, SyncServerFixture.skipReason))
struct PantryMisconfiguredServerTests {
    @Test(
        "a wrong path, an HTML 404 page, a redirect and a TLS failure exit 8, charge nothing and quarantine nothing",
        arguments: [
            Mistake.pathTypo, .htmlPage, .redirect, .tls,
        ])
    func misconfiguredAddressesChargeNothing(_ mistake: Mistake) throws {
        let server = try SyncServerFixture.shared()
        let fake = try NotTheSyncServer.start()
        defer { fake.stop() }
        let (kitchen, household) = try Self.kitchenWithAPurchase(server)
        defer { try? FileManager.default.removeItem(at: kitchen.folder) }
        let before = try OutboxListing.read(kitchen)

        var mistyped = kitchen
        mistyped.server = try mistake.address(server: server, fake: fake)
        for _ in 0..<3 {
            let failed = try mistyped.sync()
            #expect(failed.status == 8, "\(mistake): exit status \(failed.status): \(failed.error)")
            #expect(failed.error.contains(mistake.expectedMessage), "\(mistake): \(failed.error)")
            #expect(failed.error.contains("No change was charged"), "\(failed.error)")
        }
        let json = try mistyped.sync(json: true)
        #expect(json.status == 8 && json.output.contains("\"misconfigured\" : \""), "\(json.output)")

        let after = try OutboxListing.read(kitchen)
        #expect(after.quarantined.isEmpty, "\(mistake): nothing is quarantined: \(after)")
        #expect(after.waiting.map(\.id) == before.waiting.map(\.id), "\(mistake): the same changes wait")
        #expect(after.waiting.allSatisfy { $0.attempts == 0 }, "\(mistake): no attempt charged: \(after)")

        let fixed = try kitchen.sync(json: true)
        #expect(fixed.status == 0 && fixed.output.contains("\"complete\" : true"), "\(fixed.output) \(fixed.error)")
        #expect(try OutboxListing.read(kitchen).waiting.isEmpty)
        try Self.expectOneLotOfTwo(household: household, server: server)
    }

    @Test("a change the server refused is quarantined with its own id; outbox requeue, then sync, delivers it once")
    func requeueDeliversAQuarantinedChangeOnce() throws {
        let server = try SyncServerFixture.shared()
        let fake = try NotTheSyncServer.start()
        defer { fake.stop() }
        let (kitchen, household) = try Self.kitchenWithAPurchase(server)
        defer { try? FileManager.default.removeItem(at: kitchen.folder) }

        var refusing = kitchen
        refusing.server = try #require(URL(string: "\(fake.url)/refuse"))
        let refused = try refusing.sync()
        #expect(refused.status == 7, "a refusal on the merits leaves the changes quarantined: \(refused.error)")
        let listing = try OutboxListing.read(kitchen)
        #expect(listing.waiting.isEmpty && !listing.quarantined.isEmpty, "\(listing)")
        #expect(listing.quarantined.allSatisfy { $0.lastError?.contains("refused by the test server") == true }, "\(listing)")

        let status = try kitchen.expectSuccess(["status"])
        let household16 = household.id.uuidString.lowercased()
        for change in listing.quarantined { #expect(status.contains(change.id), "status names each change by its id: \(status)") }
        #expect(!status.contains("journal entry \(household16)"), "status does not show the household as a change: \(status)")

        let unknown = try kitchen.run(["outbox", "requeue", UUID().uuidString])
        #expect(unknown.status == 2 && unknown.error.contains("no quarantined change"), "\(unknown.error)")
        let notConfirmed = try kitchen.run(["outbox", "discard", listing.quarantined[0].id])
        #expect(notConfirmed.status != 0 && notConfirmed.error.contains("--yes"), "\(notConfirmed.error)")

        let requeued = try kitchen.expectSuccess(["outbox", "requeue", "--all"])
        #expect(requeued.contains("requeued \(listing.quarantined.count) change"), "\(requeued)")
        #expect(try OutboxListing.read(kitchen).quarantined.isEmpty)
        let delivered = try kitchen.sync(json: true)
        #expect(delivered.status == 0 && delivered.output.contains("\"complete\" : true"), "\(delivered.output) \(delivered.error)")
        #expect(try kitchen.sync().status == 0, "a second sync sends nothing again")
        try Self.expectOneLotOfTwo(household: household, server: server)
    }

    @Test("outbox discard --yes drops a quarantined change for good; the others stay")
    func discardDropsOneChange() throws {
        let server = try SyncServerFixture.shared()
        let fake = try NotTheSyncServer.start()
        defer { fake.stop() }
        let household = try server.household(devices: 1)
        let kitchen = try PantryDevice.make(store: "sqlite", server: server, household: household, device: 0)
        defer { try? FileManager.default.removeItem(at: kitchen.folder) }
        #expect(try kitchen.sync().status == 0)
        try kitchen.expectSuccess(["product", "add", "--title", "Apples"])
        try kitchen.expectSuccess(["product", "add", "--title", "Pears"])
        var refusing = kitchen
        refusing.server = try #require(URL(string: "\(fake.url)/refuse"))
        _ = try refusing.sync()
        let quarantined = try OutboxListing.read(kitchen).quarantined.filter { $0.module == "product" }
        #expect(quarantined.count == 2, "\(quarantined)")
        guard let first = quarantined.first else { return }
        let discarded = try kitchen.expectSuccess(["outbox", "discard", first.id, "--yes"])
        #expect(discarded.contains("discarded 1 change"), "\(discarded)")
        let left = try OutboxListing.read(kitchen).quarantined.map(\.id)
        #expect(!left.contains(first.id) && left.contains(quarantined[1].id), "\(left)")
    }

    /// A pantry joined to a new household of two devices, holding a product and a purchase of 2 not yet synced.
    private static func kitchenWithAPurchase(_ server: SyncServerFixture) throws -> (PantryDevice, ServerHousehold) {
        let household = try server.household(devices: 2)
        let kitchen = try PantryDevice.make(store: "sqlite", server: server, household: household, device: 0)
        #expect(try kitchen.sync().status == 0)
        try kitchen.expectSuccess(["product", "add", "--barcode", "4006381333931", "--title", "Milk"])
        try kitchen.expectSuccess(["stock", "add", "4006381333931", "2", "--location", "Fridge"])
        return (kitchen, household)
    }

    /// A second device of the household, new, syncs and holds exactly one lot of 2: the first device's purchase
    /// arrived once.
    private static func expectOneLotOfTwo(
        household: ServerHousehold, server: SyncServerFixture, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let phone = try PantryDevice.make(store: "sqlite", server: server, household: household, device: 1)
        defer { try? FileManager.default.removeItem(at: phone.folder) }
        #expect(try phone.sync().status == 0, sourceLocation: sourceLocation)
        let stock = try phone.expectSuccess(["stock", "list", "--json"])
        let quantities = PantryStockListing.lots(stock).map(\.amount.value)
        #expect(quantities == [2], "the purchase arrived exactly once: \(stock)", sourceLocation: sourceLocation)
    }
}

/// The kinds of wrong address the tests try.
enum Mistake: String, CustomTestStringConvertible, Sendable {
    /// The sync server with a path it does not have (`/api`): its own 404 envelope.
    case pathTypo
    /// A web server's HTML 404 page.
    case htmlPage
    /// A redirect to somewhere else.
    case redirect
    /// `https://` to a server that speaks plain HTTP: the TLS handshake fails.
    case tls

    var testDescription: String { rawValue }

    func address(server: SyncServerFixture, fake: NotTheSyncServer) throws -> URL {
        let text =
            switch self {
            case .pathTypo: "\(server.url.absoluteString)/api"
            case .htmlPage: "\(fake.url)/html"
            case .redirect: "\(fake.url)/redirect"
            case .tls: fake.url.replacingOccurrences(of: "http://", with: "https://")
            }
        return try #require(URL(string: text))
    }

    /// What the error line must say.
    var expectedMessage: String {
        switch self {
        case .pathTypo, .htmlPage: "does not answer like an InventoryKit sync server"
        case .redirect: "redirect"
        case .tls: "TLS"
        }
    }
}

/// `pantry outbox list --json`, read back.
struct OutboxListing: CustomStringConvertible {
    struct Change: Decodable {
        var id: String
        var module: String
        var state: String
        var attempts: Int
        var lastError: String?
    }

    var waiting: [Change]
    var quarantined: [Change]

    static func read(_ device: PantryDevice) throws -> OutboxListing {
        let json = try device.expectSuccess(["outbox", "list", "--json"])
        struct Listing: Decodable { var changes: [Change] }
        let changes = try JSONDecoder().decode(Listing.self, from: Data(json.utf8)).changes
        return OutboxListing(
            waiting: changes.filter { $0.state == "waiting" }, quarantined: changes.filter { $0.state == "quarantined" })
    }

    var description: String {
        "waiting \(waiting.map { "\($0.module) \($0.id) ×\($0.attempts)" }), quarantined \(quarantined.map { "\($0.module) \($0.id): \($0.lastError ?? "")" })"
    }
}

/// `Examples/scripts/not-the-sync-server` on a free loopback port: an HTML 404 page, a redirect, or the API's
/// refusal, by the first segment of the path. Stopped by closing its standard input.
struct NotTheSyncServer {
    /// `http://127.0.0.1:PORT`.
    var url: String
    private var process: Process
    private var input: Pipe

    static func start() throws -> NotTheSyncServer {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/not-the-sync-server")
        let process = Process()
        process.executableURL = script
        process.arguments = ["--seconds", "300"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw NotStarted(detail: "not-the-sync-server exited before printing its port") }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let port = text.prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces)
        guard Int(port) != nil else { throw NotStarted(detail: "not-the-sync-server printed \(text)") }
        return NotTheSyncServer(url: "http://127.0.0.1:\(port)", process: process, input: input)
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    struct NotStarted: Error, CustomStringConvertible {
        var detail: String
        var description: String { detail }
    }
}
