import Foundation
import Testing

@Suite(
    "pantry household join, status and wipe against a real server", .serialized,
    .enabled(if: SyncServerFixture.postgresInstalled, SyncServerFixture.skipReason))
struct PantryHouseholdCommandTests {
    @Test("a pantry that joined a household syncs without flags, and another device sees its products")
    func joinThenSyncWithoutFlags() throws {
        let server = try SyncServerFixture.shared()
        let household = try server.household(devices: 2)
        let kitchen = try PantryDevice.make(store: "sqlite", server: server, household: household, device: 0)
        let phone = try PantryDevice.make(store: "json", server: server, household: household, device: 1)
        defer { for device in [kitchen, phone] { try? FileManager.default.removeItem(at: device.folder) } }

        for device in [kitchen, phone] {
            let joined = try device.join()
            #expect(joined.status == 0 && joined.output.contains("joined household"), "\(joined.error)")
        }
        try kitchen.expectSuccess(["product", "add", "--barcode", "4006381333931", "--title", "Milk"])
        let pushed = try kitchen.run(["sync"])
        #expect(pushed.status == 0 && pushed.output.contains("pushed 1,"), "\(pushed.output)\(pushed.error)")
        #expect(pushed.error.isEmpty, "no progress line when standard error is not a terminal: \(pushed.error)")
        let pulled = try phone.run(["sync", "--json"])
        #expect(pulled.status == 0 && pulled.error.isEmpty, "\(pulled.error)")
        // Each module's counts are numbers, not a preformatted line.
        let report = try JSONSerialization.jsonObject(with: Data(pulled.output.utf8)) as? [String: Any]
        let products = try #require(report?["products"] as? [String: Any], "\(pulled.output)")
        #expect(products["pulled"] as? Int == 1 && products["remaining"] as? Int == 0 && products["online"] as? Bool == true)
        let list = try phone.expectSuccess(["product", "list", "--json"])
        #expect(list.contains("4006381333931") && list.contains("Milk"), "\(list)")
    }

    @Test("join checks the server first: a refused token exits 6, an unreachable server 1, and nothing is saved")
    func joinRefusalsSaveNothing() throws {
        let server = try SyncServerFixture.shared()
        let household = try server.household(devices: 1)
        var device = try PantryDevice.make(store: "sqlite", server: server, household: household, device: 0)
        defer { try? FileManager.default.removeItem(at: device.folder) }
        let token = device.token
        device.token = "not-a-token"
        let refused = try device.join()
        #expect(refused.status == 6, "exit status \(refused.status): \(refused.error)")
        #expect(refused.error.split(separator: "\n").count == 1 && refused.error.contains("refused"), "\(refused.error)")

        device.token = token
        device.server = try #require(URL(string: "http://127.0.0.1:9"))
        let unreachable = try device.join()
        #expect(unreachable.status == 1 && unreachable.error.contains("cannot reach"), "\(unreachable.error)")
        #expect(unreachable.error.split(separator: "\n").count == 1)
        // The join checked the server before a store existed: no store is left behind.
        let status = try device.run(["status"])
        #expect(status.status == 2 && status.error.contains("no pantry store"), "\(status.output)\(status.error)")
        let sync = try device.run(["sync"])
        #expect(sync.status == 2 && sync.error.contains("household join"), "\(sync.error)")
    }

    @Test("status shows pending changes, then none and the last sync after a sync, and never the token")
    func statusAroundASync() throws {
        let server = try SyncServerFixture.shared()
        let household = try server.household(devices: 1)
        let device = try PantryDevice.make(store: "sqlite", server: server, household: household, device: 0)
        defer { try? FileManager.default.removeItem(at: device.folder) }
        try device.join()
        try device.expectSuccess(["product", "add", "--barcode", "4006381333931", "--title", "Milk"])
        try device.expectSuccess(["stock", "add", "4006381333931", "2", "--location", "Fridge"])

        let before = try Self.status(of: device)
        #expect(before.products.pending == 1 && before.inventory.pending > 0 && before.lastSync == nil)
        #expect(before.household == household.id.uuidString.lowercased() && before.tokenSaved)
        #expect(before.server?.hasPrefix(server.url.absoluteString) == true)
        let text = try device.expectSuccess(["status"])
        #expect(text.contains("pending:     products 1, inventory") && text.contains("last sync:   never"), "\(text)")

        try device.expectSuccess(["sync"])
        let after = try Self.status(of: device)
        #expect(after.products.pending == 0 && after.inventory.pending == 0, "\(after)")
        #expect(after.products.quarantined.isEmpty && after.inventory.quarantined.isEmpty)
        let last = try #require(after.lastSync)
        #expect(last.products.pushed == 1 && last.inventory.pushed == before.inventory.pending, "\(last)")
        let again = try device.expectSuccess(["status"])
        #expect(again.contains("pending:     products 0, inventory 0") && again.contains("pushed 1,"), "\(again)")
        for output in [text, again, try device.expectSuccess(["status", "--json"])] {
            #expect(!output.contains(device.token), "the token is never printed")
        }
    }

    @Test("wipe needs --yes off a terminal; wipe --server erases the household, revokes the others, empties the store")
    func wipeErasesServerHouseholdAndStore() throws {
        let server = try SyncServerFixture.shared()
        let household = try server.household(devices: 2)
        let kitchen = try PantryDevice.make(store: "sqlite", server: server, household: household, device: 0)
        let phone = try PantryDevice.make(store: "json", server: server, household: household, device: 1)
        defer { for device in [kitchen, phone] { try? FileManager.default.removeItem(at: device.folder) } }
        for device in [kitchen, phone] { try device.join() }
        try kitchen.expectSuccess(["product", "add", "--barcode", "4006381333931", "--title", "Milk"])
        try kitchen.expectSuccess(["sync"])
        try phone.expectSuccess(["sync"])

        let unconfirmed = try kitchen.run(["wipe", "--server"])
        #expect(unconfirmed.status == 2 && unconfirmed.error.contains("--yes"), "\(unconfirmed.error)")
        #expect(unconfirmed.error.split(separator: "\n").count == 1)
        try phone.expectSuccess(["sync"])  // nothing was erased: the household still answers

        let wiped = try kitchen.run(["wipe", "--server", "--yes"])
        #expect(wiped.status == 0, "\(wiped.error)")
        #expect(!wiped.output.contains(kitchen.token) && !wiped.error.contains(kitchen.token))
        let file = kitchen.folder.appendingPathComponent("store/pantry.sqlite")
        #expect(!FileManager.default.fileExists(atPath: file.path), "the store file is gone")

        let refused = try phone.run(["sync"])
        #expect(refused.status == 6, "the other device is revoked: \(refused.status) \(refused.error)")
        // It is told the household is gone, and no longer promised a next sync no token can ever make.
        #expect(refused.error.contains("household was erased on the server") && refused.error.contains("pantry wipe"), "\(refused.error)")
        #expect(!refused.error.contains("kept for the next sync"), "\(refused.error)")
        #expect(refused.output.isEmpty && refused.error.split(separator: "\n").count == 1, "one line: \(refused.output)\(refused.error)")
        // A read-only command finds no store to read, and creates none.
        let empty = try kitchen.run(["product", "list", "--json"])
        #expect(empty.status == 2 && empty.error.contains("no pantry store at"), "\(empty.error)")
        #expect(!FileManager.default.fileExists(atPath: file.path), "\(empty.error)")

        let local = try phone.run(["wipe", "--yes"])
        #expect(local.status == 0, "a local wipe needs no server: \(local.error)")
        #expect(try phone.run(["product", "list", "--json"]).status == 2)
    }

    // MARK: - Helpers

    /// What `pantry status --json` prints.
    struct Status: Decodable {
        struct Module: Decodable {
            var pending: Int
            var quarantined: [Quarantined]
        }

        struct Quarantined: Decodable {
            var entity: String
            var lastError: String
        }

        struct Counts: Decodable {
            var pushed: Int
            var pulled: Int
        }

        struct LastSync: Decodable {
            var products: Counts
            var inventory: Counts
        }

        var server: String?
        var tokenSaved: Bool
        var household: String
        var products: Module
        var inventory: Module
        var lastSync: LastSync?
    }

    /// Runs `pantry status --json` and decodes it.
    private static func status(of device: PantryDevice, sourceLocation: SourceLocation = #_sourceLocation) throws -> Status {
        let output = try device.expectSuccess(["status", "--json"], sourceLocation: sourceLocation)
        return try JSONDecoder().decode(Status.self, from: Data(output.utf8))
    }
}
