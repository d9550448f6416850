import Foundation
import SyncWire
import Testing

@Suite(
    "pantry devices sync through a real server", .serialized,
    .enabled(if: SyncServerFixture.postgresInstalled, SyncServerFixture.skipReason))
struct PantryServerSyncTests {
    @Test("two SQLite pantries and a JSON-file pantry edit offline, sync in turns and end identical")
    func devicesConverge() throws {
        let server = try SyncServerFixture.shared()
        let household = try server.household(devices: 3)
        let kitchen = try PantryDevice.make(store: "sqlite", server: server, household: household, device: 0)
        let phone = try PantryDevice.make(store: "sqlite", server: server, household: household, device: 1)
        var tablet = try PantryDevice.make(store: "json", server: server, household: household, device: 2)
        tablet.usesEnvironment = true
        defer { for device in [kitchen, phone, tablet] { try? FileManager.default.removeItem(at: device.folder) } }

        // The SQLite pantries join the household with their first command; the JSON one has $PANTRY_HOUSEHOLD.
        try expectSynced(kitchen)
        try expectSynced(phone)
        try kitchen.expectSuccess(["product", "add", "--barcode", "4006381333931", "--title", "Milk"])
        let apples = try kitchen.expectSuccess(["product", "add", "--title", "Apples", "--json"])
        let applesID = try #require(apples.components(separatedBy: "\"productId\" : \"").dropFirst().first?.prefix { $0 != "\"" })
        try kitchen.expectSuccess(["stock", "add", "4006381333931", "3", "--location", "Fridge"])
        try expectSynced(kitchen)

        try expectSynced(phone)
        try phone.expectSuccess(["product", "edit", "4006381333931", "--title", "Whole milk"])
        try phone.expectSuccess(["stock", "consume", "4006381333931", "1"])
        try phone.expectSuccess(["product", "add", "--barcode", "0 12345 67890 5", "--title", "Oat milk"])
        try phone.expectSuccess(["stock", "add", "012345678905", "2", "--location", "Pantry"])

        // Offline on the kitchen device at the same time: an edit of the same product from the older version.
        try kitchen.expectSuccess(["product", "edit", "4006381333931", "--brand", "Acme"])
        try kitchen.expectSuccess(["stock", "consume", "4006381333931", "1"])

        try expectSynced(tablet)
        try tablet.expectSuccess(["product", "delete", String(applesID)])
        try tablet.expectSuccess(["stock", "add", "4006381333931", "2", "--location", "Pantry"])

        for _ in 0..<3 {
            for device in [phone, kitchen, tablet] { try expectSynced(device) }
        }

        let products = try [kitchen, phone, tablet].map { try $0.expectSuccess(["product", "list", "--limit", "100", "--json"]) }
        let stock = try [kitchen, phone, tablet].map { try $0.expectSuccess(["stock", "list", "--json"]) }
        #expect(Set(products).count == 1, "products differ:\n\(products.joined(separator: "\n---\n"))")
        #expect(Set(stock.map(PantryStockListing.comparable)).count == 1, "stock differs:\n\(stock.joined(separator: "\n---\n"))")
        #expect(products[0].contains("Oat milk") && products[0].contains("4006381333931") && !products[0].contains("Apples"))
        let milk = try kitchen.expectSuccess(["product", "show", "4006381333931"])
        #expect(milk.contains("synced"), "the conflict was resolved and acknowledged: \(milk)")
        let totals = try kitchen.expectSuccess(["stock", "list"])
        #expect(totals.contains("Fridge") && totals.contains("Pantry"))
        let total: Decimal = Self.quantities(stock[0]).reduce(0, +)
        #expect(total == 5, "bought 3 + 2 + 2, consumed 1 + 1: \(stock[0])")
    }

    @Test("a revoked device's sync exits non-zero with one clear line and keeps its pending changes")
    func revokedDevice() throws {
        let server = try SyncServerFixture.shared()
        let household = try server.household(devices: 1)
        let device = try PantryDevice.make(store: "sqlite", server: server, household: household, device: 0)
        defer { try? FileManager.default.removeItem(at: device.folder) }
        try expectSynced(device)
        let added = try device.expectSuccess(["product", "add", "--title", "Bread", "--json"])
        let bread = try #require(added.components(separatedBy: "\"productId\" : \"").dropFirst().first?.prefix { $0 != "\"" })

        try server.revoke(household.devices[0])
        let refused = try device.sync()
        #expect(refused.status == 6, "exit status \(refused.status): \(refused.error)")
        let lines = refused.error.split(separator: "\n")
        #expect(lines.count == 1 && refused.error.contains("refused this device") && refused.error.contains("kept"), "\(refused.error)")
        #expect(!refused.error.contains(device.token), "the token is never printed")
        let json = try device.sync(json: true)
        #expect(json.status == 6 && json.output.contains("\"unauthorized\" : true"), "\(json.output)")
        let show = try device.expectSuccess(["product", "show", String(bread)])
        #expect(show.contains("pending"), "the change still waits: \(show)")
    }

    @Test("a sync that cannot reach the server exits 7 and keeps every change; back online, one sync pushes them all")
    func unreachableServer() throws {
        let server = try SyncServerFixture.shared()
        let household = try server.household(devices: 1)
        let device = try PantryDevice.make(store: "sqlite", server: server, household: household, device: 0)
        defer { try? FileManager.default.removeItem(at: device.folder) }
        try expectSynced(device)
        for index in 1...4 { try device.expectSuccess(["product", "add", "--title", "Item \(index)"]) }
        try device.expectSuccess(["product", "add", "--barcode", "4006381333931", "--title", "Milk"])
        try device.expectSuccess(["stock", "add", "4006381333931", "3", "--location", "Fridge"])
        let waiting = try Self.pending(device)

        // Nothing listens on port 1: each sync fails, and each failure lengthens the changes' retry delays.
        var stopped = device
        stopped.server = try #require(URL(string: "http://127.0.0.1:1"))
        for _ in 0..<3 {
            let failed = try stopped.sync()
            #expect(failed.status == 7, "exit status \(failed.status): \(failed.error)")
            #expect(failed.error.contains("did not complete") && failed.error.contains("kept for the next sync"), "\(failed.error)")
        }
        let json = try stopped.sync(json: true)
        #expect(json.status == 7 && json.output.contains("\"complete\" : false"), "\(json.output)")
        #expect(try Self.pending(device) == waiting, "every change is kept")

        // The server is back: one sync pushes every change, though their retry delays have not run out.
        let back = try device.sync(json: true)
        #expect(back.status == 0 && back.output.contains("\"complete\" : true"), "\(back.output) \(back.error)")
        #expect(try Self.pending(device) == Pending(products: 0, inventory: 0))
        #expect(waiting.products >= 5 && waiting.inventory >= 1, "\(waiting)")
    }

    @Test("a pantry refuses to sync a second household or to join with local entries; sync names what is missing")
    func syncTargets() throws {
        let server = try SyncServerFixture.shared()
        let first = try server.household(devices: 1)
        let second = try server.household(devices: 1)
        let device = try PantryDevice.make(store: "sqlite", server: server, household: first, device: 0)
        defer { try? FileManager.default.removeItem(at: device.folder) }
        try expectSynced(device)
        var elsewhere = device
        elsewhere.household = second.id
        elsewhere.token = second.devices[0].token
        let refused = try elsewhere.sync()
        #expect(refused.status != 0 && refused.error.contains("belongs to household \(first.id.uuidString.lowercased())"), "\(refused.error)")
        let missing = try device.run(["sync", "--server", server.url.absoluteString])
        #expect(missing.status != 0 && missing.error.contains("--token"))

        let local = try PantryDevice.make(store: "json", server: server, household: second, device: 0)
        defer { try? FileManager.default.removeItem(at: local.folder) }
        try local.expectSuccess(["shopping-list", "--add", "bread"])
        let stranded = try local.sync()
        #expect(stranded.status != 0 && stranded.error.contains("local household"), "\(stranded.error)")
    }

    /// Syncs a device and expects a clean pass (nothing failed, nothing stopped).
    private func expectSynced(_ device: PantryDevice, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try device.sync()
        #expect(result.status == 0, "sync failed: \(result.error)", sourceLocation: sourceLocation)
        let clean = !result.output.contains("stopped") && !result.output.contains("failure")
            && result.output.components(separatedBy: "quarantined ").dropFirst().allSatisfy { $0.hasPrefix("0,") }
        #expect(clean, "\(result.output)", sourceLocation: sourceLocation)
    }

    /// The changes a device's modules have waiting, as `pantry status --json` shows them.
    private struct Pending: Equatable {
        var products: Int
        var inventory: Int
    }

    /// What `pantry status --json` says waits in each module.
    private static func pending(_ device: PantryDevice) throws -> Pending {
        let json = try device.expectSuccess(["status", "--json"])
        let status = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
        let products = try #require((status["products"] as? [String: Any])?["pending"] as? Int, "\(json)")
        let inventory = try #require((status["inventory"] as? [String: Any])?["pending"] as? Int, "\(json)")
        return Pending(products: products, inventory: inventory)
    }

    /// The lots' amounts of a `stock list --json` output.
    private static func quantities(_ json: String) -> [Decimal] {
        PantryStockListing.lots(json).map(\.amount.value)
    }
}
