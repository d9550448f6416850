import Foundation
import HTTPTypes
import HummingbirdTesting
import InventoryKit
import InventoryModule
import InventorySync
import Logging
import NIOCore
import PostgresNIO
import ProductModule
import SyncServer
import Testing
import ThrowawayPostgres
import SyncWire

/// A backup restored as `docs/deploy.md` prescribes: households whose devices pushed a varied log are dumped with
/// `pg_dump -Fc` while the server runs, the dump is restored with `pg_restore` into a database of a new cluster, and
/// `inventorykit-server serve` on the restored database serves every device the same bytes, numbers the next change
/// where the old server stopped, and knows the same tokens, live and refused.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct BackupRestoreTests {
    /// The database and its owner, a role that is neither superuser nor allowed to create databases or roles.
    static let database = "inventorykit"
    static let role = "inventorykit"
    static let pageSize = 4
    static let dumpName = "inventorykit.dump"

    @Test(.timeLimit(.minutes(5)))
    func aDumpRestoredIntoANewClusterServesTheSameChangesContinuesTheCountersAndKeepsTheTokens() async throws {
        try await withPostgresCluster { original in
            try Self.createRoleAndDatabase(in: original)
            let url = original.databaseURL(database: Self.database, user: Self.role)
            let migrate = try await CommandRun.run(["migrate", "--database-url", url], timeout: .seconds(60))
            try #require(migrate.status == 0, "migrate failed: \(migrate.error)")
            let server = try await ServerProcess.start(databaseURL: url)
            defer { server.kill() }
            let seeded = try await PostgresClient.withRunningClient(
                configuration: original.configuration(database: Self.database), logger: ServerProcessTests.logger
            ) { client in
                try await Self.seed(PostgresSyncStore(client: client, logger: ServerProcessTests.logger), through: server)
            }
            var before: [[String]] = []
            var heads: [SyncServer.HouseholdID: Int64] = [:]
            for device in seeded.live {
                let (pages, head) = try await Self.pages(server, device.household, device.token)
                before.append(pages)
                heads[device.household] = head
            }
            #expect(before.first.map { $0.count > 1 } == true, "Home's log spans several pages")

            try await withPostgresCluster { restored in
                // The backup, taken while the server serves; then the restore into a new cluster's new database.
                let dump = restored.root + "/" + Self.dumpName
                try original.runTool("pg_dump", original.toolConnectionArguments + ["-Fc", "-f", dump, Self.database])
                try Self.createRoleAndDatabase(in: restored)
                try restored.runTool(
                    "pg_restore",
                    restored.toolConnectionArguments
                        + ["--exit-on-error", "--no-owner", "--role=\(Self.role)", "-d", Self.database, dump])

                let successor = try await ServerProcess.start(
                    databaseURL: restored.databaseURL(database: Self.database, user: Self.role))
                defer { successor.kill() }
                #expect(try await successor.firstReadiness() == .ok)

                // Every device pulls from 0 exactly the bytes it pulled before, page for page.
                for (device, pages) in zip(seeded.live, before) {
                    #expect(try await Self.pages(successor, device.household, device.token).pages == pages)
                }
                // Refused tokens are refused for the same reason.
                for refusal in seeded.refused {
                    let response = try await successor.request(
                        "/v1/households/\(refusal.household)/changes", method: .get, headers: ServerProcessTests.headers(refusal.token))
                    #expect(response.status == .unauthorized)
                    let envelope = try JSONDecoder().decode(ErrorEnvelope.self, from: Data((response.body ?? ByteBuffer()).readableBytesView))
                    #expect(envelope.error.details["reason"] == refusal.reason)
                }
                // An operation pushed before the dump is still known: a replay answers `duplicate` with its first seq.
                for replay in seeded.replays {
                    let results = try await Self.push(successor, replay.household, replay.token, [replay.operation])
                    #expect(results.map(\.status) == [.duplicate] && results.map(\.seq) == [replay.seq])
                }
                // The counters go on: each household's next change gets the seq after its head, no gap, no reuse.
                for device in seeded.live where device.pushesAfterRestore {
                    let head = try #require(heads[device.household])
                    let results = try await Self.push(
                        successor, device.household, device.token, [try KitPayloads.journal(of: device.household)])
                    #expect(results.map(\.status) == [.applied] && results.map(\.seq) == [head + 1])
                    let (pages, newHead) = try await Self.pages(successor, device.household, device.token, after: head)
                    #expect(newHead == head + 1 && pages.count == 1)
                }
            }
        }
    }

    /// `createuser inventorykit` and `createdb -O inventorykit inventorykit`, as the cluster's superuser.
    static func createRoleAndDatabase(in cluster: PostgresCluster) throws {
        try cluster.runTool("createuser", cluster.toolConnectionArguments + [role])
        try cluster.runTool("createdb", cluster.toolConnectionArguments + ["-O", role, database])
    }

    // MARK: - The households before the dump

    /// A device of a household, by its token.
    struct Device: Sendable {
        let household: SyncServer.HouseholdID
        let token: BearerToken
        /// Whether the test pushes one change through it after the restore (one device per household).
        let pushesAfterRestore: Bool
    }

    /// A token the server refuses, and the `details.reason` it gives.
    struct Refusal: Sendable {
        let household: SyncServer.HouseholdID
        let token: BearerToken
        let reason: String
    }

    /// An operation pushed before the dump, and the seq it was stored under.
    struct Replay: Sendable {
        let household: SyncServer.HouseholdID
        let token: BearerToken
        let operation: PushOperation
        let seq: Int64
    }

    /// What ``seed(_:through:)`` made.
    struct Seeded: Sendable {
        let live: [Device]
        let refused: [Refusal]
        let replays: [Replay]
    }

    /// Three households through the running server: "Home" with two devices pushing products (an edit, a deletion),
    /// named entities and a journal of purchases with exact decimals, one replaying the other's push; "Cabin" with a
    /// journal and a revoked device; "Gone", erased after its push.
    static func seed(_ store: PostgresSyncStore, through server: ServerProcess) async throws -> Seeded {
        let home = try await store.createHousehold(name: "Home")
        let (_, kitchen) = try await store.addDevice(to: home)
        let (_, phone) = try await store.addDevice(to: home)
        let (milkCode, eggsCode, flourCode) = ("4006381333931", "4000417025005", "4008400404127")
        let milk = try KitPayloads.product(milkCode, title: "Milk")
        let eggs = try KitPayloads.product(eggsCode, title: "Eggs")
        let ink = try KitPayloads.product("4006381333948", title: "Ink")
        var renamed = milk
        renamed.title = "Whole milk"
        let products = [
            try KitPayloads.productChange(milk.productID, product: milk, stamp: KitPayloads.stamp(1), baseStamp: nil),
            try KitPayloads.productChange(eggs.productID, product: eggs, stamp: KitPayloads.stamp(1), baseStamp: nil),
            try KitPayloads.productChange(ink.productID, product: ink, stamp: KitPayloads.stamp(1), baseStamp: nil),
            try KitPayloads.productChange(
                milk.productID, product: renamed, stamp: KitPayloads.stamp(2), baseStamp: KitPayloads.stamp(1)),
            try KitPayloads.productChange(ink.productID, product: nil, stamp: KitPayloads.stamp(2), baseStamp: KitPayloads.stamp(1)),
            try KitPayloads.named(KitPayloads.namedEntity(.category, "Produce")),
            try KitPayloads.named(KitPayloads.namedEntity(.category, "Dairy")),
        ]
        let stored = try await push(server, home, kitchen, products)
        var journal = HouseholdJournal(of: home)
        try journal.run(.createHousehold(name: "Home"))
        try journal.run(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")))
        try journal.run(
            .defineLocation(LocationDefinition(id: LocationID.derived(household: journal.household, name: "Fridge"), name: "Fridge")))
        let day = try CalendarDay(year: 2026, month: 3, day: 20)
        try journal.buy(milkCode, 1, due: day)
        try journal.buy(eggsCode, Decimal(string: "6.000000000000000000001") ?? 6, due: day)
        let fromKitchen = try HouseholdJournal.operations(journal.entries)
        _ = try await push(server, home, kitchen, fromKitchen)
        try journal.buy(flourCode, Decimal(string: "0.125") ?? 1, due: try CalendarDay(year: 2026, month: 4, day: 1))
        let fromPhone = try HouseholdJournal.operations(Array(journal.entries.suffix(from: fromKitchen.count)))
        let firstOperation = try #require(products.first)
        _ = try await push(server, home, phone, fromPhone + [firstOperation])

        let cabin = try await store.createHousehold(name: "Cabin")
        let (_, cabinDevice) = try await store.addDevice(to: cabin)
        let (lostDevice, lostToken) = try await store.addDevice(to: cabin)
        var cabinJournal = HouseholdJournal(of: cabin)
        try cabinJournal.run(.createHousehold(name: "Cabin"))
        try cabinJournal.run(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")))
        try cabinJournal.run(
            .defineLocation(LocationDefinition(id: LocationID.derived(household: cabinJournal.household, name: "Fridge"), name: "Fridge")))
        try cabinJournal.buy(milkCode, 2, due: day)
        _ = try await push(server, cabin, cabinDevice, try HouseholdJournal.operations(cabinJournal.entries))
        try await store.revokeDevice(lostDevice)

        let gone = try await store.createHousehold(name: "Gone")
        let (_, goneToken) = try await store.addDevice(to: gone)
        _ = try await push(server, gone, goneToken, [try KitPayloads.journal(of: gone)])
        try await store.erase(gone)

        return Seeded(
            live: [
                Device(household: home, token: kitchen, pushesAfterRestore: true),
                Device(household: home, token: phone, pushesAfterRestore: false),
                Device(household: cabin, token: cabinDevice, pushesAfterRestore: true),
            ],
            refused: [
                Refusal(household: cabin, token: lostToken, reason: "device_revoked"),
                Refusal(household: gone, token: goneToken, reason: "household_erased"),
            ],
            replays: [Replay(household: home, token: phone, operation: firstOperation, seq: try #require(stored.first?.seq))]
        )
    }

    // MARK: - Requests

    /// Pushes `operations` and decodes the results.
    /// - Throws: ``HarnessFailure`` unless the push answers 200.
    static func push(
        _ server: ServerProcess, _ household: SyncServer.HouseholdID, _ token: BearerToken, _ operations: [PushOperation]
    ) async throws -> [PushResult] {
        let response = try await server.request(
            ServerProcessTests.pushURI(household), method: .post, headers: ServerProcessTests.headers(token),
            body: ServerProcessTests.body(operations))
        let body = response.body ?? ByteBuffer()
        guard response.status == .ok else {
            throw HarnessFailure(description: "push answered \(response.status): \(String(buffer: body))")
        }
        return try JSONDecoder().decode(PushResponse.self, from: Data(body.readableBytesView)).results
    }

    /// Every page of a household's changes after `after`, as the bodies' text, and the last page's cursor.
    /// - Throws: ``HarnessFailure`` when a page does not answer 200.
    static func pages(
        _ server: ServerProcess, _ household: SyncServer.HouseholdID, _ token: BearerToken, after: Int64 = 0
    ) async throws -> (pages: [String], head: Int64) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var cursor = after
        var pages: [String] = []
        while true {
            let response = try await server.request(
                "/v1/households/\(household)/changes?after=\(cursor)&limit=\(pageSize)", method: .get,
                headers: ServerProcessTests.headers(token))
            let body = response.body ?? ByteBuffer()
            guard response.status == .ok else {
                throw HarnessFailure(description: "the pull after \(cursor) answered \(response.status): \(String(buffer: body))")
            }
            pages.append(String(buffer: body))
            let page = try decoder.decode(ChangesResponse<JSONFragment>.self, from: Data(body.readableBytesView))
            cursor = page.cursor
            if !page.hasMore { return (pages, cursor) }
        }
    }
}
