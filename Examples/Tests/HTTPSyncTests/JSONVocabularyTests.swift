import Foundation
import HTTPSync
import SyncWire
import Testing

/// One JSON vocabulary: what `pantry --json` prints of a household is what the server's views serve of the same
/// household, key for key and digit for digit — only `asOf` (when each folded) and `seq` (the server's log position)
/// are the writer's own.
@Suite(
    "pantry --json and the server's views speak one vocabulary", .serialized,
    .enabled(if: SyncServerFixture.postgresInstalled, SyncServerFixture.skipReason))
struct JSONVocabularyTests {
    static let title = "Milk \u{202E}1 l\u{202C} \(String(repeating: "m", count: 100))"

    @Test("stock and shopping list: the device's --json equals the server's view of the same state")
    func deviceAndServerAgree() async throws {
        let server = try SyncServerFixture.shared()
        let household = try server.household(devices: 1)
        let device = try PantryDevice.make(store: "sqlite", server: server, household: household, device: 0)
        defer { try? FileManager.default.removeItem(at: device.folder) }
        #expect(try device.sync().status == 0)
        try device.expectSuccess(["product", "add", "--barcode", "4006381333931", "--title", Self.title])
        try device.expectSuccess(["location", "add", "Cellar"])
        try device.expectSuccess(["unit", "add", "litre", "--plural", "litres"])
        try device.expectSuccess([
            "stock", "add", "4006381333931", "0.333333333333333333333333333333333333", "--unit", "litre",
            "--location", "Cellar", "--due", "2031-05-04",
        ])
        try device.expectSuccess(["stock", "add", "4006381333931", "2", "--location", "Fridge"])
        try device.expectSuccess(["product", "settings", "4006381333931", "--minimum", "5"])
        try device.expectSuccess(["shopping-list", "add", "bread \u{202E}21"])
        #expect(try device.sync().status == 0)

        let stock = try JSONDecoder().decode(StockView.self, from: Data(try device.expectSuccess(["stock", "list", "--json"]).utf8))
        let list = try JSONDecoder().decode(
            ShoppingListView.self, from: Data(try device.expectSuccess(["shopping-list", "--json"]).utf8))
        let client = HTTPSyncClient(
            configuration: try HTTPSyncConfiguration(server: server.url, household: household.id, token: household.devices[0].token))
        let served = try await Self.view(StockView.self, "stock", from: client) { Self.comparable($0) == Self.comparable(stock) }
        let servedList = try await Self.view(ShoppingListView.self, "shopping-list", from: client) {
            Self.comparable($0) == Self.comparable(list)
        }

        #expect(Self.comparable(served) == Self.comparable(stock))
        #expect(Self.comparable(servedList) == Self.comparable(list))
        #expect(served.seq != nil && stock.seq == nil)
        // What both say: exact text for every digit, names beside ids, the hostile title whole.
        let milk = try #require(stock.locations.flatMap(\.products).first { $0.productId == "4006381333931" && $0.lots.count == 1 && $0.lots[0].location.name == "Cellar" })
        #expect(milk.title == Self.title)
        #expect(milk.lots[0].amount.description == "0.333333333333333333333333333333333333")
        #expect(milk.lots[0].unit.name == "litre" && milk.lots[0].dueDate == "2031-05-04")
        #expect(list.entries.contains { $0.note == "bread \u{202E}21" && $0.itemId != nil })
        #expect(list.entries.contains { $0.source == "belowMinimumStock" && $0.productId == "4006381333931" })
    }

    /// A view as the server serves it, read again (up to 5 s) until `matches` holds: the server folds a push shortly
    /// after acknowledging it.
    static func view<View: HouseholdView>(
        _ type: View.Type, _ name: String, from client: HTTPSyncClient, until matches: (View) -> Bool
    ) async throws -> View {
        let deadline = Date().addingTimeInterval(5)
        while true {
            let answer = try await client.get(["views", name])
            let view = try JSONDecoder().decode(View.self, from: answer.body)
            if matches(view) || Date() > deadline { return view }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// The view without what is the writer's own: when it folded and the server's log position.
    static func comparable<View: HouseholdView>(_ view: View) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard var object = (try? encoder.encode(view)).flatMap({ try? JSONSerialization.jsonObject(with: $0) as? [String: Any] })
        else { return "unencodable" }
        object["asOf"] = nil
        object["seq"] = nil
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "unencodable"
    }
}
